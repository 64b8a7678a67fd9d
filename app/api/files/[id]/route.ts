import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { findReadableAsset } from "@/lib/domain/shares/readable-asset";
import { fileResponse } from "@/lib/domain/reader/serve";
import { NotFoundError } from "@/lib/platform/http/errors";

// GET /api/files/{id} — a stored file, decrypted, for its owner or an agreed recipient of its idea (Range supported)
export const GET = recipientRoute({
  params: { id: recordIdParam("File not found") },
  query: z.object({ download: z.string().optional() }),
  handler: async ({ req, params, query, secrets, signedInUser }) => {
    const user = await signedInUser();
    const asset = await findReadableAsset(user?.id ?? null, params.id, secrets);
    if (!asset) throw new NotFoundError("File not found");
    return fileResponse(req, asset, { download: query.download === "1" });
  },
});
