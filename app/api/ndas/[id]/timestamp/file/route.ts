import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/http/download";
import { getNdaEvidenceFile } from "@/lib/timestamps";
import { parseRouteId } from "@/lib/api/route-id";

// GET /api/ndas/{id}/timestamp/file — the acceptance record's canonical JSON, the exact bytes its proof commits to
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const file = await getNdaEvidenceFile(user.id, parseRouteId((await params).id, "Agreement not found"));
  return downloadResponse(file.bytes, file.fileName, file.contentType);
});
