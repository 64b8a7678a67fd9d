import { jsonBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { deleteIdea, getIdea, updateIdea } from "@/lib/domain/ideas";
import { ideaInputSchema, MAX_IDEA_BODY_BYTES } from "@/lib/domain/validation/ideas";
import { ideaIdParam } from "@/lib/domain/ideas/id";

const params = { id: ideaIdParam };
const ideaWrites = ({ user }: { user: { id: string } }) => rateLimits.ideaWrites(user.id);

// GET /api/ideas/{id} — one idea with its decrypted content
export const GET = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await getIdea(user.id, params.id)),
});

// PUT /api/ideas/{id} — update a draft's title and content
export const PUT = ownerRoute({
  rateLimit: ideaWrites,
  params,
  body: jsonBody(ideaInputSchema, { maxBytes: MAX_IDEA_BODY_BYTES }),
  handler: async ({ user, params, body }) => Response.json(await updateIdea(user.id, params.id, body)),
});

// DELETE /api/ideas/{id} — delete a draft and its files
export const DELETE = ownerRoute({
  rateLimit: ideaWrites,
  params,
  handler: async ({ user, params }) => {
    await deleteIdea(user.id, params.id);
    return Response.json({ success: true });
  },
});
