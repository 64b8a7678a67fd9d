import { ownerRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { listShareRecipients } from "@/lib/recipients/evidence";
import { SHARE_NOT_FOUND } from "@/lib/shares";

// GET /api/shares/{id}/recipients — who identified on the link, their agreement and their views (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(SHARE_NOT_FOUND) },
  handler: async ({ user, params }) => Response.json(await listShareRecipients(user.id, params.id)),
});
