import * as z from "zod";
import { multipartBody, publicRoute } from "@/lib/features/api/routes";
import { ValidationError } from "@/lib/platform/http/errors";
import { spendable } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseMultipartFiles } from "@/lib/platform/uploads/multipart";
import { verifyProof } from "@/lib/domain/timestamps/verify";
import { VERIFY_FILE_MAX_BYTES, VERIFY_OTS_MAX_BYTES, VERIFY_TOO_LARGE } from "@/lib/domain/validation/timestamps";

// POST /api/verify — public: does a file match its OpenTimestamps proof (multipart: file, ots), and what do its attestations say
// (the look-ups it makes are bounded in lib/domain/timestamps/verify.ts, and by the address's look-up budget given here;
// they stop when the client goes away)
export const POST = publicRoute({
  rateLimit: ({ ip }) => rateLimits.verifyProof(ip),
  body: multipartBody(z.object({ file: z.file(), ots: z.file() })),
  handler: async ({ req, ip }) => {
    const { files } = await parseMultipartFiles(req, { limits: { file: VERIFY_FILE_MAX_BYTES, ots: VERIFY_OTS_MAX_BYTES }, tooLarge: VERIFY_TOO_LARGE });
    if (!files.file) throw new ValidationError("Choose the file to verify.");
    if (!files.ots || files.ots.data.length === 0) throw new ValidationError("Choose the .ots proof of the file.");
    const result = await verifyProof(files.file.data, files.ots.data, { signal: req.signal, spendLookup: spendable(rateLimits.verifyLookups(ip)) });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  },
});
