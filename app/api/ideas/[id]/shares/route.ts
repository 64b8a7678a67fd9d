import { ownerRoute } from "@/lib/features/api/routes";
import { listShares, revokeAllShares } from "@/lib/domain/shares";
import { ideaIdParam } from "@/lib/domain/ideas/id";

const params = { id: ideaIdParam };

// GET /api/ideas/{id}/shares — the idea's share links, newest first (owner only)
export const GET = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await listShares(user.id, params.id)),
});

// DELETE /api/ideas/{id}/shares — 'Revoke all links': every live link of the idea stops working at once
export const DELETE = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await revokeAllShares(user.id, params.id)),
});
