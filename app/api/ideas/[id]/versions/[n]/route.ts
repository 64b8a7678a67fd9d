import { jsonBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { deleteDraftVersion, getVersion, updateDraftVersion, versionNumberParam } from "@/lib/domain/ideas/versions";
import { ideaInputSchema, MAX_IDEA_BODY_BYTES } from "@/lib/domain/validation/ideas";

const params = { id: ideaIdParam, n: versionNumberParam };
const ideaWrites = ({ user }: { user: { id: string } }) => rateLimits.ideaWrites(user.id);

// GET /api/ideas/{id}/versions/{n} — one version with its content (published ones are read-only)
export const GET = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await getVersion(user.id, params.id, params.n)),
});

// PUT /api/ideas/{id}/versions/{n} — save the draft version's title and content (a published one: 409)
export const PUT = ownerRoute({
  rateLimit: ideaWrites,
  params,
  body: jsonBody(ideaInputSchema, { maxBytes: MAX_IDEA_BODY_BYTES }),
  handler: async ({ user, params, body }) => Response.json(await updateDraftVersion(user.id, params.id, params.n, body)),
});

// DELETE /api/ideas/{id}/versions/{n} — delete the draft version (204; a published one: 409)
export const DELETE = ownerRoute({
  rateLimit: ideaWrites,
  params,
  handler: async ({ user, params }) => {
    await deleteDraftVersion(user.id, params.id, params.n);
    return new Response(null, { status: 204 });
  },
});
