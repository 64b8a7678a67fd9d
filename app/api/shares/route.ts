import { ownerRoute } from "@/lib/features/api/routes";
import { createShareFor, shareableIdeaOr404 } from "@/lib/domain/shares";
import { appOrigin } from "@/lib/platform/http/origin";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { createShareSchema } from "@/lib/domain/validation/share-link";

// POST /api/shares — create a share link for one of the creator's ideas (e-mail shares send the invitation)
export const POST = ownerRoute({
  body: createShareSchema,
  load: ({ user, body }) => shareableIdeaOr404(user.id, body.ideaId),
  rateLimitChecked: ({ user }) => rateLimits.shareCreate(user.id),
  handler: async ({ req, user, body, loaded: idea }) => Response.json(await createShareFor(user.id, idea, body, appOrigin(req)), { status: 201 }),
});
