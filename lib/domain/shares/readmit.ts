import "server-only";
import { db } from "@/lib/platform/db";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { appendLinkEvidence } from "@/lib/domain/evidence-log/append";
import { inViewWindow, isDead, isReadmitted, isUsedUp, usedItsOneTimeView } from "@/lib/domain/gate/link-state";
import { ownedShareOr404 } from "@/lib/domain/shares/owned";
import type { ShareType } from "@/lib/generated/prisma/client";

/**
 * 'Let back in' on the share screen: the owner gives one recipient of a one-time or used-up link one more delivery of
 * the content, beyond the link's limit; everyone else stays refused. The delivery clears it (lib/domain/shares/views.ts).
 */

export const RECIPIENT_NOT_FOUND = "Recipient not found";
export const READMISSION_NOT_NEEDED = "This recipient can already open the link";
export const READMISSION_DEAD_LINK = "This link was revoked or has expired; create a new one instead.";
export const READMISSION_DECLINED = "This recipient declined the agreement; they cannot be let back in.";

/** The link fields the decision reads. */
export type ReadmitShare = { shareType: ShareType; maxViews: number | null; viewCount: number; revokedAt: Date | null; expiresAt: Date | null; roomId: string | null };
/** The recipient fields the decision reads. */
export type ReadmitRecipient = { viewStartedAt: Date | null; viewWindowEndsAt: Date | null; declinedAt: Date | null; readmittedAt: Date | null };

/**
 * Where one recipient stands for 'Let back in': `possible` when the link's limit (its one view on a one-time link, or
 * the link used up) is all that keeps it out; `granted` while a readmission waits to be used; null otherwise (it can
 * open the link, declined, or the link is revoked or expired).
 */
export function readmission(share: ReadmitShare, r: ReadmitRecipient, now = new Date()): "possible" | "granted" | null {
  if (isDead(share, now) || r.declinedAt) return null;
  if (isReadmitted(r)) return "granted";
  const kept = usedItsOneTimeView(share, r, share.roomId !== null, now) || (isUsedUp(share) && !inViewWindow(r, now));
  return kept ? "possible" : null;
}

/**
 * POST /api/shares/{id}/recipients/{recipientId}/readmit: 404 for another owner's link or a recipient not on it; 409
 * when it is not needed (or cannot help: a revoked or expired link, a declined recipient). Recorded as a change of the
 * link (the activity timeline; in words without the recipient's name, which a change record could not erase) and in
 * the evidence log of every idea the link covers (naming the recipient by id), in one transaction.
 */
export async function readmitRecipient(ownerId: string, shareId: string, recipientId: string) {
  const share = await ownedShareOr404(ownerId, shareId, {
    select: { id: true, ideaId: true, roomId: true, shareType: true, maxViews: true, viewCount: true, revokedAt: true, expiresAt: true },
  });
  return db.$transaction(async (tx) => {
    // Locked: a delivery racing the owner's click either used the last readmission or sees this one.
    await tx.$executeRaw`SELECT 1 FROM "Recipient" WHERE "id" = ${recipientId} AND "shareId" = ${share.id} FOR UPDATE`;
    const recipient = await tx.recipient.findFirst({ where: { id: recipientId, shareId: share.id } });
    if (!recipient) throw new NotFoundError(RECIPIENT_NOT_FOUND);
    if (isDead(share)) throw new ConflictError(READMISSION_DEAD_LINK);
    if (recipient.declinedAt) throw new ConflictError(READMISSION_DECLINED);
    if (readmission(share, recipient) !== "possible") throw new ConflictError(READMISSION_NOT_NEEDED);
    const updated = await tx.recipient.update({ where: { id: recipient.id }, data: { readmittedAt: new Date() } });
    const change = await tx.shareChange.create({ data: { shareId: share.id, ideaId: share.ideaId, summary: "let a recipient back in for one more view" } });
    await appendLinkEvidence(tx, share, {
      type: "recipient.readmitted",
      data: { shareId: share.id, recipientId: recipient.id, changeId: change.id },
      recipientId: recipient.id,
    });
    return { id: updated.id, name: updated.name, email: updated.email, readmittedAt: updated.readmittedAt, readmission: "granted" as const };
  });
}
