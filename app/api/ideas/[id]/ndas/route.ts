import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listIdeaNdas } from "@/lib/timestamps";
import { parseIdeaId } from "@/lib/ideas/id";

// GET /api/ideas/{id}/ndas — the owner's NDA acceptance records of the idea, each with its timestamp state
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await listIdeaNdas(user.id, parseIdeaId((await params).id)));
});
