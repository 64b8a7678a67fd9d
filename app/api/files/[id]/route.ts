import { route } from "@/lib/api/handler";
import { getCurrentUser } from "@/lib/auth/session";
import { findReadableAsset } from "@/lib/files";
import { fileResponse } from "@/lib/files/serve";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { NotFoundError } from "@/lib/api/errors";
import { parseRouteId } from "@/lib/api/route-id";

// GET /api/files/{id} — a stored file, decrypted, for its owner or an agreed recipient of its idea (Range supported)
export const GET = route<{ id: string }>(async (req, { params }) => {
  const user = await getCurrentUser();
  const id = parseRouteId((await params).id, "File not found");
  const asset = await findReadableAsset(user?.id ?? null, id, await readRecipientSecrets());
  if (!asset) throw new NotFoundError("File not found");
  return fileResponse(req, asset, { download: new URL(req.url).searchParams.get("download") === "1" });
});
