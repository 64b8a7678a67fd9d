import * as z from "zod";
import { multipartBody, publicRoute } from "@/lib/features/api/routes";
import { ValidationError } from "@/lib/platform/http/errors";
import { spendable } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseMultipartFiles } from "@/lib/platform/uploads/multipart";
import { verifyUpload } from "@/lib/domain/timestamps/verify-upload";
import { VERIFY_FILE_MAX_BYTES, VERIFY_OTS_MAX_BYTES, VERIFY_TOO_LARGE, VERIFY_TSR_MAX_BYTES } from "@/lib/domain/validation/timestamps";

// POST /api/verify — public: does a file match its OpenTimestamps proof and/or its RFC 3161 token (multipart: file, and ots, tsr or both), and what do they say
// (the look-ups it makes are bounded in lib/domain/timestamps/verify.ts, and by the address's look-up budget given here;
// they stop when the client goes away; a token is checked offline)
export const POST = publicRoute({
  rateLimit: ({ ip }) => rateLimits.verifyProof(ip),
  body: multipartBody(z.object({ file: z.file(), ots: z.file().optional(), tsr: z.file().optional() })),
  handler: async ({ req, ip }) => {
    const { files } = await parseMultipartFiles(req, {
      limits: { file: VERIFY_FILE_MAX_BYTES, ots: VERIFY_OTS_MAX_BYTES, tsr: VERIFY_TSR_MAX_BYTES },
      tooLarge: VERIFY_TOO_LARGE,
    });
    if (!files.file) throw new ValidationError("Choose the file to verify.");
    const ots = files.ots?.data.length ? files.ots.data : null;
    const tsr = files.tsr?.data.length ? files.tsr.data : null;
    if (!ots && !tsr) throw new ValidationError("Choose the .ots proof or the .tsr token of the file.");
    const result = await verifyUpload(files.file.data, { ots, tsr }, { signal: req.signal, spendLookup: spendable(rateLimits.verifyLookups(ip)) });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  },
});
