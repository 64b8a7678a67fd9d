import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/http/download";
import { getIdeaStampedFile } from "@/lib/timestamps";
import { parseIdeaId } from "@/lib/ideas/id";

// GET /api/ideas/{id}/timestamp/file — the exact bytes the idea's proof commits to (export, PDF or JSON)
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const file = await getIdeaStampedFile(user.id, parseIdeaId((await params).id));
  return downloadResponse(file.bytes, file.fileName, file.contentType);
});
