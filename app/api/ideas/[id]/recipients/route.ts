import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { listIdeaRecipients } from "@/lib/domain/shares/recipient-evidence";

// GET /api/ideas/{id}/recipients — the recipients of each of the idea's links not revoked, by link id, as GET /api/shares/{id}/recipients answers them (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await listIdeaRecipients(user.id, params.id)),
});
