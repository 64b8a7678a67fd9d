import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/http/download";
import { getIdeaOts } from "@/lib/timestamps";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";
import { parseIdeaId } from "@/lib/ideas/id";

// GET /api/ideas/{id}/timestamp/ots — the OpenTimestamps proof (.ots) of the published idea; 404 until one exists
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const { bytes, fileName } = await getIdeaOts(user.id, parseIdeaId((await params).id));
  return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
});
