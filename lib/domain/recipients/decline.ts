import "server-only";
import { db } from "@/lib/platform/db";
import { appendLinkEvidence } from "@/lib/domain/evidence-log/append";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { findSessionRecipient } from "@/lib/domain/recipients/session";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { type RecipientSecrets } from "@/lib/domain/gate/secrets";

export const ALREADY_AGREED = "You have already accepted the agreement.";

/**
 * POST /api/recipients/{id}/decline (SPEC: Decline "clears the recipient"). Marks this browser's recipient as
 * declined — the record stays, as evidence — so that the gate refuses it everything from now on (agreement,
 * content, files, comments: lib/domain/gate/link-state.ts isOpenFor); the handler then deletes its cookie, and the link
 * starts again at identity. 404 for anyone else's recipient or a dead link, 409 once the agreement was accepted.
 * The update is conditional on "not agreed, not declined", so it cannot race an acceptance into both.
 */
export async function declineNda(id: string, secrets: RecipientSecrets) {
  const recipient = await findSessionRecipient(id, secrets);
  if (recipient.agreedToNda) throw new ConflictError(ALREADY_AGREED);
  const marked = await db.$transaction(async (tx) => {
    const declinedAt = new Date();
    const marked = await tx.recipient.updateMany({ where: { id: recipient.id, agreedToNda: false, declinedAt: null }, data: { declinedAt } });
    if (marked.count === 1) {
      await appendLinkEvidence(tx, recipient.share, {
        type: "agreement.declined",
        data: { shareId: recipient.shareId, recipientId: recipient.id, declinedAt: declinedAt.toISOString() },
      });
    }
    return marked;
  });
  if (marked.count !== 1) {
    const now = await db.recipient.findUniqueOrThrow({ where: { id: recipient.id }, select: { agreedToNda: true } });
    if (now.agreedToNda) throw new ConflictError(ALREADY_AGREED);
    throw new NotFoundError(INVALID_LINK);
  }
  return { declined: true as const, shareId: recipient.shareId };
}
