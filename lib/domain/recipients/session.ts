import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import { INVALID_LINK, isOpenFor } from "@/lib/domain/gate/link-state";
import { secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { addressAllowed, isEmailVerified, passcodeGiven, type CodeFields } from "@/lib/domain/gate";
import type { Recipient } from "@/lib/generated/prisma/client";

/** The recipient a browser holds on a link, and how the recipient screens are told about it. */

export { isEmailVerified } from "@/lib/domain/gate";

/** What the recipient calls read of a recipient's link and idea (the idea's content only for an agreement's digest). */
export const shareWithIdea = {
  idea: { select: { id: true, title: true, ownerId: true, kind: true, pdfAssetId: true, contentCiphertext: true, owner: { select: { name: true, sharingBlockedDomains: true } } } },
  createdBy: { select: { name: true, sharingBlockedDomains: true } },
} as const;

export function presentRecipient(r: Recipient, share: CodeFields) {
  return { id: r.id, name: r.name, email: r.email, phone: r.phone, agreedToNda: r.agreedToNda, emailVerified: isEmailVerified(r, share) };
}
export type PresentedRecipient = ReturnType<typeof presentRecipient>;

/**
 * The recipient `id` if this browser holds its secret and its link is still open for it; 404 otherwise
 * (someone else's recipient, a revoked, expired or used-up link). A recipient whose address the link or its owner now
 * blocks is no session at all: "Recipient not found", as for a secret that matches nothing.
 */
export async function findSessionRecipient(id: string, secrets: RecipientSecrets) {
  const hashes = secretHashes(secrets);
  const recipient = hashes.length ? await db.recipient.findFirst({ where: { id, secretHash: { in: hashes } }, include: { share: { include: shareWithIdea } } }) : null;
  if (!recipient || !addressAllowed(recipient.share, recipient)) throw new NotFoundError("Recipient not found");
  if (!isOpenFor(recipient.share, recipient) || !passcodeGiven(recipient.share, recipient)) throw new NotFoundError(INVALID_LINK);
  return recipient;
}
