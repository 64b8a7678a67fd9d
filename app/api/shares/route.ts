import { ownerRoute } from "@/lib/api/routes";
import { createShareFor, shareableIdeaOr404 } from "@/lib/shares";
import { appOrigin } from "@/lib/http/origin";
import { rateLimits } from "@/lib/rate-limit/policies";
import { createShareSchema } from "@/lib/validation/share-link";

// POST /api/shares — create a share link for one of the creator's ideas (e-mail shares send the invitation)
export const POST = ownerRoute({
  body: createShareSchema,
  load: ({ user, body }) => shareableIdeaOr404(user.id, body.ideaId),
  rateLimitChecked: ({ user }) => rateLimits.shareCreate(user.id),
  handler: async ({ req, user, body, loaded: idea }) => Response.json(await createShareFor(user.id, idea, body, appOrigin(req)), { status: 201 }),
});
