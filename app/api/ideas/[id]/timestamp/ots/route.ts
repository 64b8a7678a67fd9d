import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { NotFoundError } from "@/lib/api/errors";
import { downloadResponse } from "@/lib/http/download";
import { getIdeaOts } from "@/lib/timestamps";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";
import { ideaIdSchema } from "@/lib/validation/ideas";

// GET /api/ideas/{id}/timestamp/ots — the OpenTimestamps proof (.ots) of the published idea; 404 until one exists
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const parsed = ideaIdSchema.safeParse((await params).id);
  if (!parsed.success) throw new NotFoundError("Idea not found");
  const { bytes, fileName } = await getIdeaOts(user.id, parsed.data);
  return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
});
