import { ownerRoute } from "@/lib/api/routes";
import { getIdeaTimestamp } from "@/lib/timestamps";
import { ideaIdParam } from "@/lib/ideas/id";

// GET /api/ideas/{id}/timestamp — the owner's view of the idea's timestamp proof (status, digest, Bitcoin block)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await getIdeaTimestamp(user.id, params.id)),
});
