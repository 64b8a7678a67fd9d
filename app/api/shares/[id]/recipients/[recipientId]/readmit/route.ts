import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { SHARE_NOT_FOUND } from "@/lib/domain/shares";
import { readmitRecipient, RECIPIENT_NOT_FOUND } from "@/lib/domain/shares/readmit";

// POST /api/shares/{id}/recipients/{recipientId}/readmit — 'Let back in': that recipient (only) may open the one-time or
// used-up link once more; 200 {id, name, email, readmittedAt, readmission}; 404 for another owner's link or recipient;
// 409 'This recipient can already open the link' when not needed
export const POST = ownerRoute({
  params: { id: recordIdParam(SHARE_NOT_FOUND), recipientId: recordIdParam(RECIPIENT_NOT_FOUND) },
  handler: async ({ user, params }) => Response.json(await readmitRecipient(user.id, params.id, params.recipientId)),
});
