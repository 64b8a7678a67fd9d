import { jsonBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { createIdea, listIdeas } from "@/lib/domain/ideas";
import { ideaInputSchema, MAX_IDEA_BODY_BYTES } from "@/lib/domain/validation/ideas";

// GET /api/ideas — the creator's ideas, list fields only
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await listIdeas(user.id)),
});

// POST /api/ideas — create a draft idea
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.ideaWrites(user.id),
  body: jsonBody(ideaInputSchema, { maxBytes: MAX_IDEA_BODY_BYTES }),
  handler: async ({ user, body }) => Response.json(await createIdea(user.id, body), { status: 201 }),
});
