import { ownerRoute } from "@/lib/features/api/routes";
import { createShareFor, shareableIdeaOr404 } from "@/lib/domain/shares";
import { shareableRoomOr404 } from "@/lib/domain/rooms";
import { appOrigin } from "@/lib/platform/http/origin";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { createShareSchema } from "@/lib/domain/validation/share-link";

// POST /api/shares — create a share link for one of the creator's ideas ({ideaId}) or rooms ({roomId}), exactly one
// (e-mail shares send the invitation)
export const POST = ownerRoute({
  body: createShareSchema,
  load: ({ user, body }) => (body.roomId !== undefined ? shareableRoomOr404(user.id, body.roomId) : shareableIdeaOr404(user.id, body.ideaId)),
  rateLimitChecked: ({ user }) => rateLimits.shareCreate(user.id),
  handler: async ({ req, user, body, loaded: target }) => Response.json(await createShareFor(user.id, target, body, appOrigin(req)), { status: 201 }),
});
