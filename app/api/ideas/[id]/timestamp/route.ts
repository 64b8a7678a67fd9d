import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { getIdeaTimestamp } from "@/lib/timestamps";
import { parseIdeaId } from "@/lib/ideas/id";

// GET /api/ideas/{id}/timestamp — the owner's view of the idea's timestamp proof (status, digest, Bitcoin block)
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await getIdeaTimestamp(user.id, parseIdeaId((await params).id)));
});
