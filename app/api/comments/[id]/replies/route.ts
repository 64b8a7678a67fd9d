import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { COMMENT_NOT_FOUND, ownedCommentOr404, replyTo } from "@/lib/domain/comments/replies";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { replySchema } from "@/lib/domain/validation/sharing";

// POST /api/comments/{id}/replies — the idea's owner answers a recipient's comment
export const POST = ownerRoute({
  params: { id: recordIdParam(COMMENT_NOT_FOUND) },
  body: replySchema,
  load: ({ user, params }) => ownedCommentOr404(user.id, params.id),
  rateLimitChecked: ({ user }) => rateLimits.ownerReply(user.id),
  handler: async ({ body, loaded }) => Response.json(await replyTo(loaded, body), { status: 201 }),
});
