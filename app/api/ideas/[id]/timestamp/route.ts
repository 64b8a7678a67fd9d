import { ownerRoute } from "@/lib/features/api/routes";
import { getIdeaTimestamp } from "@/lib/domain/evidence/proofs";
import { ideaIdParam } from "@/lib/domain/ideas/id";

// GET /api/ideas/{id}/timestamp — the owner's view of the idea's timestamp proof (status, digest, Bitcoin block)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await getIdeaTimestamp(user.id, params.id)),
});
