import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { downloadResponse } from "@/lib/platform/http/download";
import { SHARE_NOT_FOUND } from "@/lib/domain/shares";
import { receiptFileName, recipientReceipt, receiptShareSelect, RECIPIENT_NOT_FOUND } from "@/lib/domain/evidence/receipt";
import { ownedShareOr404 } from "@/lib/domain/shares/owned";

// GET /api/shares/{id}/recipients/{recipientId}/receipt.json — one reader's receipt as data (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(SHARE_NOT_FOUND), recipientId: recordIdParam(RECIPIENT_NOT_FOUND) },
  load: ({ user, params }) => ownedShareOr404(user.id, params.id, { select: receiptShareSelect }),
  handler: async ({ loaded, params }) => {
    const receipt = await recipientReceipt(loaded, params.recipientId);
    return downloadResponse(Buffer.from(`${JSON.stringify(receipt, null, 2)}\n`, "utf8"), receiptFileName(params.recipientId, "json"), "application/json");
  },
});
