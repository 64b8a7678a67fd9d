import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { SHARE_NOT_FOUND } from "@/lib/domain/shares";

// GET /api/shares/{id}/recipients — who identified on the link, their agreement and their views (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(SHARE_NOT_FOUND) },
  handler: async ({ user, params }) => Response.json(await listShareRecipients(user.id, params.id)),
});
