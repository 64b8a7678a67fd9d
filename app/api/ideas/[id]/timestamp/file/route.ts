import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { NotFoundError } from "@/lib/api/errors";
import { downloadResponse } from "@/lib/http/download";
import { getIdeaStampedFile } from "@/lib/timestamps";
import { ideaIdSchema } from "@/lib/validation/ideas";

// GET /api/ideas/{id}/timestamp/file — the exact bytes the idea's proof commits to (export, PDF or JSON)
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const parsed = ideaIdSchema.safeParse((await params).id);
  if (!parsed.success) throw new NotFoundError("Idea not found");
  const file = await getIdeaStampedFile(user.id, parsed.data);
  return downloadResponse(file.bytes, file.fileName, file.contentType);
});
