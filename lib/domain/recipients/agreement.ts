import "server-only";
import { db } from "@/lib/platform/db";
import { appendLinkEvidence } from "@/lib/domain/evidence-log/append";
import { ForbiddenError, NotFoundError } from "@/lib/platform/http/errors";
import { agreementShownTo, type ShownAgreement } from "@/lib/domain/agreements/shown";
import { INVALID_LINK, isOpenFor } from "@/lib/domain/gate/link-state";
import { secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { shareByToken } from "@/lib/domain/gate/lookup";
import { addressAllowed, isEmailVerified, passcodeGiven } from "@/lib/domain/gate";
import { VERIFY_EMAIL_FIRST } from "@/lib/domain/recipients/email-code";

/** GET /api/share/{token}/agreement's answer: the agreement to accept, and whether the link asks for one at all. */
export type RecipientAgreement = ShownAgreement & { requireNda: boolean };

/**
 * The agreement as rendered for the recipient this browser holds on the link `token`: the NDA screen
 * shows it, 'Download Agreement' saves it, and acceptance records exactly it. Only for a recipient that identified,
 * gave the link's passcode, did not decline and whose address the link and its owner admit, on a link still open for
 * it (anyone else: the one 404); a link that proves addresses answers 403 until the code is confirmed, as acceptance
 * does.
 */
export async function agreementForBrowser(token: string, secrets: RecipientSecrets): Promise<RecipientAgreement> {
  const share = await shareByToken(token);
  const hashes = secretHashes(secrets);
  if (!share || hashes.length === 0) throw new NotFoundError(INVALID_LINK);
  const recipient = await db.recipient.findFirst({ where: { shareId: share.id, secretHash: { in: hashes } }, orderBy: { createdAt: "desc" } });
  if (!recipient || !addressAllowed(share, recipient) || !isOpenFor(share, recipient) || !passcodeGiven(share, recipient)) throw new NotFoundError(INVALID_LINK);
  if (!isEmailVerified(recipient, share)) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  const shown = await agreementShownTo(db, share, recipient);
  // Shown for acceptance: each showing before the recipient agreed is evidence of what they were asked to accept.
  if (share.requireNda && !recipient.agreedToNda) {
    await db.$transaction((tx) =>
      appendLinkEvidence(tx, share, {
        type: "agreement.shown",
        data: { shareId: share.id, recipientId: recipient.id, agreementId: shown.agreementId, agreementVersion: shown.version, agreementSha256: shown.sha256 },
      }),
    );
  }
  return { ...shown, requireNda: share.requireNda };
}
