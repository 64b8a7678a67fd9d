import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { createDraftVersion, listVersions } from "@/lib/domain/ideas/versions";

// GET /api/ideas/{id}/versions — the idea's versions, newest first, each with its proof's state
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await listVersions(user.id, params.id)),
});

// POST /api/ideas/{id}/versions — 'New version': a draft from the latest published version (409 if one is open)
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.ideaWrites(user.id),
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await createDraftVersion(user.id, params.id), { status: 201 }),
});
