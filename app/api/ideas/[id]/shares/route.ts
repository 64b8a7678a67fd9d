import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listShares, revokeAllShares } from "@/lib/shares";
import { parseIdeaId } from "@/lib/ideas/id";

// GET /api/ideas/{id}/shares — the idea's share links, newest first (owner only)
export const GET = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await listShares(user.id, parseIdeaId((await params).id)));
});

// DELETE /api/ideas/{id}/shares — 'Revoke all links': every live link of the idea stops working at once
export const DELETE = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await revokeAllShares(user.id, parseIdeaId((await params).id)));
});
