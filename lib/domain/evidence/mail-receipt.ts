import "server-only";
import { sendEmail } from "@/lib/platform/email";
import { readingReceiptEmail } from "@/lib/platform/email/templates";
import { ConflictError } from "@/lib/platform/http/errors";
import { db } from "@/lib/platform/db";
import { readerReceipt, receiptFileName } from "@/lib/domain/evidence/receipt";
import { buildReceiptPdf } from "@/lib/domain/evidence/receipt-pdf";
import { recipientMailOfShare } from "@/lib/domain/brand";

export const RECEIPT_NEEDS_PROVEN_ADDRESS = "Your receipt can only be e-mailed to an address confirmed with a code on this link.";

/**
 * 'E-mail me my receipt': the reader's own receipt, as a PDF, to their address — only one they proved with a code,
 * as the certificate mail does: a typed address could be anyone's, and the receipt names the idea and the sender.
 * The receipt and the mail's text name the sender's account name (it is evidence); the mail is signed by their brand
 * like the invitation (From '{display name} via IdeaVault'), Reply-To the owner where recipientMailOfShare allows it.
 */
export async function mailReaderReceipt(reader: { shareId: string; recipientId: string; emailVerifiedAt: Date | null }) {
  if (!reader.emailVerifiedAt) throw new ConflictError(RECEIPT_NEEDS_PROVEN_ADDRESS);
  const receipt = await readerReceipt(reader.shareId, reader.recipientId);
  const owner = await db.share.findUniqueOrThrow({ where: { id: reader.shareId }, select: { createdBy: { select: { name: true } } } });
  const { fromName, replyTo, brand } = await recipientMailOfShare(reader.shareId);
  await sendEmail({
    to: receipt.who.email,
    fromName,
    replyTo,
    ...(await readingReceiptEmail({ recipientName: receipt.who.name, sharerName: owner.createdBy.name, ideaTitle: receipt.idea?.title ?? receipt.room?.name ?? "", brand })),
    attachments: [{ filename: receiptFileName(receipt.receiptFor, "pdf"), content: await buildReceiptPdf(receipt), contentType: "application/pdf" }],
  });
}
