import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { revokeShare } from "@/lib/shares";

// DELETE /api/shares/{id} — revoke a link at once
export const DELETE = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const { id } = await params;
  return Response.json(await revokeShare(user.id, id));
});
