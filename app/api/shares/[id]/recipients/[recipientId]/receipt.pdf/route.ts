import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { downloadResponse } from "@/lib/platform/http/download";
import { SHARE_NOT_FOUND } from "@/lib/domain/shares";
import { receiptFileName, recipientReceipt, receiptShareSelect, RECIPIENT_NOT_FOUND } from "@/lib/domain/evidence/receipt";
import { ownedShareOr404 } from "@/lib/domain/shares/owned";
import { buildReceiptPdf } from "@/lib/domain/evidence/receipt-pdf";

// GET /api/shares/{id}/recipients/{recipientId}/receipt.pdf — one reader's receipt as a printable page (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(SHARE_NOT_FOUND), recipientId: recordIdParam(RECIPIENT_NOT_FOUND) },
  load: ({ user, params }) => ownedShareOr404(user.id, params.id, { select: receiptShareSelect }),
  handler: async ({ loaded, params }) => {
    const pdf = await buildReceiptPdf(await recipientReceipt(loaded, params.recipientId));
    return downloadResponse(Buffer.from(pdf), receiptFileName(params.recipientId, "pdf"), "application/pdf");
  },
});
