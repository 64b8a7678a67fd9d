import { ownerRoute } from "@/lib/features/api/routes";
import { listActivity } from "@/lib/domain/activity";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { activityPageQuery } from "@/lib/domain/validation/activity";

// GET /api/ideas/{id}/activity?offset=&limit= — the idea's timeline, newest first, one page (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  query: activityPageQuery,
  handler: async ({ user, params, query }) => Response.json(await listActivity(user.id, params.id, query)),
});
