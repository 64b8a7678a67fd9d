import { ownerRoute } from "@/lib/features/api/routes";
import { listVisits } from "@/lib/domain/engagement/visits";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { visitsQuery } from "@/lib/domain/validation/visits";

// GET /api/ideas/{id}/visits?email=&shareId=&cursor=&limit= — each visit (one opening of the reader) with its pages, newest first (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  query: visitsQuery,
  handler: async ({ user, params, query }) => Response.json(await listVisits(user.id, params.id, query)),
});
