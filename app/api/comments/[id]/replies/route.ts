import { privateRoute, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { addOwnerReply, COMMENT_NOT_FOUND } from "@/lib/comments/replies";
import { replySchema } from "@/lib/validation/sharing";
import { parseRouteId } from "@/lib/api/route-id";

// POST /api/comments/{id}/replies — the idea's owner answers a recipient's comment
export const POST = privateRoute<{ id: string }>(async (req, { params }) => {
  const user = await requireUser();
  const input = await parseJson(req, replySchema);
  return Response.json(await addOwnerReply(user.id, parseRouteId((await params).id, COMMENT_NOT_FOUND), input), { status: 201 });
});
