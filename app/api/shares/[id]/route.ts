import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { revokeShare, SHARE_NOT_FOUND } from "@/lib/shares";
import { parseRouteId } from "@/lib/api/route-id";

// DELETE /api/shares/{id} — revoke a link at once
export const DELETE = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, SHARE_NOT_FOUND);
  return Response.json(await revokeShare(user.id, id));
});
