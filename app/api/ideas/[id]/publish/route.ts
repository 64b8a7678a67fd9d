import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { publishIdea } from "@/lib/domain/ideas";
import { ideaIdParam } from "@/lib/domain/ideas/id";

// PUT /api/ideas/{id}/publish — publish a draft (read-only afterwards); publishing twice is harmless
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.ideaWrites(user.id),
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await publishIdea(user.id, params.id)),
});
