import "server-only";
import { db } from "@/lib/platform/db";
import { appendLinkEvidence } from "@/lib/domain/evidence-log/append";
import { ForbiddenError, NotFoundError } from "@/lib/platform/http/errors";
import { agreementShownTo, type AgreementLink, type ShownAgreement } from "@/lib/domain/agreements/shown";
import { INVALID_LINK, isOpenFor } from "@/lib/domain/gate/link-state";
import { secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { linkByToken, type RoomLinkSummary, type ShareSummary } from "@/lib/domain/gate/lookup";
import { addressAllowed, isEmailVerified, passcodeGiven } from "@/lib/domain/gate";
import { VERIFY_EMAIL_FIRST } from "@/lib/domain/recipients/email-code";

/** GET /api/share/{token}/agreement's answer: the agreement to accept, and whether the link asks for one at all. */
export type RecipientAgreement = ShownAgreement & { requireNda: boolean };

/** What a link's agreement is about: its idea, or (lib/domain/rooms) its room's ideas with their digests. */
export type AgreementSubjectOf = (link: ShareSummary | RoomLinkSummary) => Promise<AgreementLink>;

/** An idea link's agreement subject: the version it shows (a room link's token is the link's 404 here). */
export async function ideaAgreementSubject(link: ShareSummary | RoomLinkSummary): Promise<AgreementLink> {
  if (link.ideaId === null) throw new NotFoundError(INVALID_LINK);
  return { agreementId: link.agreementId, idea: link.idea };
}

/**
 * The agreement as rendered for the recipient this browser holds on the link `token`: the NDA screen
 * shows it, 'Download Agreement' saves it, and acceptance records exactly it. Only for a recipient that identified,
 * gave the link's passcode, did not decline and whose address the link and its owner admit, on a link still open for
 * it (anyone else: the one 404); a link that proves addresses answers 403 until the code is confirmed, as acceptance
 * does.
 */
export async function agreementForBrowser(token: string, secrets: RecipientSecrets, agreementOf: AgreementSubjectOf = ideaAgreementSubject): Promise<RecipientAgreement> {
  const share = await linkByToken(token);
  const hashes = secretHashes(secrets);
  if (!share || hashes.length === 0) throw new NotFoundError(INVALID_LINK);
  const recipient = await db.recipient.findFirst({ where: { shareId: share.id, secretHash: { in: hashes } }, orderBy: { createdAt: "desc" } });
  if (!recipient || !addressAllowed(share, recipient) || !isOpenFor(share, recipient) || !passcodeGiven(share, recipient)) throw new NotFoundError(INVALID_LINK);
  if (!isEmailVerified(recipient, share)) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  const shown = await agreementShownTo(db, await agreementOf(share), recipient);
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
