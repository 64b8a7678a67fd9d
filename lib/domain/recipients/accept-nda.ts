import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { shownVersion } from "@/lib/domain/gate/shown-version";
import { db } from "@/lib/platform/db";
import { ConflictError, ForbiddenError, presentOr404, ValidationError } from "@/lib/platform/http/errors";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { exportDigest } from "@/lib/domain/ideas/export";
import { agreementShownTo } from "@/lib/domain/agreements/shown";
import { ndaEvidenceDigest } from "@/lib/domain/evidence/nda-evidence";
import { queueNdaDigest } from "@/lib/domain/timestamps/proof";
import { notifyNdaAccepted } from "@/lib/domain/notifications";
import { kickWebhookDeliveries } from "@/lib/domain/webhooks/deliver";
import { ndaAcceptedEvent } from "@/lib/domain/webhooks/events";
import { queueWebhookEvent } from "@/lib/domain/webhooks/queue";
import { runAfterResponse } from "@/lib/platform/server/after-response";
import type { ClientInfo, RecipientSecrets } from "@/lib/domain/gate/secrets";
import { lockUndeclinedRecipient } from "@/lib/domain/recipients/declined";
import { VERIFY_EMAIL_FIRST } from "@/lib/domain/recipients/email-code";
import { findSessionRecipient, isEmailVerified, presentRecipient } from "@/lib/domain/recipients/session";
import { SIGNATURE_MISMATCH, signatureAsSigned, signatureMatches } from "@/lib/domain/validation/nda-signature";

export const AGREEMENT_CHANGED = "The agreement has changed since you opened it. Please read it again.";

/**
 * SHA-256 of what the recipient is about to read: the idea's canonical export (lib/domain/ideas/export.ts: the PDF's
 * bytes, the HTML document or the canonical JSON). For a published idea it is the digest its timestamp proves.
 */
async function currentContentSha256(idea: { id: number; title: string; ownerId: string; contentCiphertext: Uint8Array }) {
  return exportDigest(idea);
}

/**
 * Records the agreement with its evidence (who, from where, when, the exact text and its digest, the content's
 * digest) and queues the record's digest for a timestamp. Accepting again answers the same recipient: one record
 * (and one proof) per recipient (unique recipientId). A `signature` (the full name typed to sign) must be the
 * identified name, ignoring case and spacing, and is kept as typed; without one the record says I Agree was clicked.
 */
export async function acceptNda(id: string, secrets: RecipientSecrets, client: ClientInfo, shown: { agreementSha256?: string; signature?: string } = {}) {
  const recipient = await findSessionRecipient(id, secrets);
  // An idea link's acceptance (a room link's: acceptRoomNda).
  const idea = presentOr404(recipient.share.idea, INVALID_LINK);
  const share = { ...recipient.share, ideaId: idea.id, idea };
  if (!isEmailVerified(recipient, share)) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  if (shown.signature !== undefined && !signatureMatches(recipient.name, shown.signature)) throw new ValidationError(SIGNATURE_MISMATCH);
  const signature = shown.signature === undefined ? null : signatureAsSigned(shown.signature);
  if (recipient.agreedToNda) return presentRecipient(recipient, share);
  // The version the link shows is the one agreed to: the record names it with its digest.
  const version = await shownVersion(share);
  const contentSha256 = await currentContentSha256({ id: share.idea.id, ownerId: share.idea.ownerId, title: version.title, contentCiphertext: version.contentCiphertext });
  const { updated, created, webhooks } = await db.$transaction(async (tx) => {
    await lockUndeclinedRecipient(tx, recipient.id);
    // The agreement as rendered for this recipient, its row held so an edit cannot change the version
    // being accepted; the text the screen showed must be this very text.
    // {ideaTitle} names the version shown (a pinned link's older title), as GET /api/share/{token}/agreement did.
    const agreement = await agreementShownTo(tx, { ...share, idea: { ...share.idea, title: version.title } }, recipient, { lock: true });
    if (shown.agreementSha256 && shown.agreementSha256 !== agreement.sha256) throw new ConflictError(AGREEMENT_CHANGED);
    const [created] = await tx.ndaAcceptance.createManyAndReturn({
      data: [
        {
          recipientId: recipient.id,
          shareId: share.id,
          ideaId: share.idea.id,
          name: recipient.name,
          email: recipient.email,
          phone: recipient.phone,
          agreementVersion: agreement.agreementVersion,
          agreementId: agreement.agreementId,
          agreementTitle: agreement.agreementId ? agreement.title : null,
          agreementVersionNumber: agreement.version,
          agreementText: agreement.text,
          agreementSha256: agreement.sha256,
          contentSha256,
          version: version.version,
          ip: client.ip,
          userAgent: client.userAgent,
          signature,
          recordFormat: 2,
        },
      ],
      skipDuplicates: true,
    });
    // The evidence record's canonical serialization goes through the timestamp job like a published idea.
    const evidenceSha256 = created ? ndaEvidenceDigest(created) : null;
    if (created && evidenceSha256) await queueNdaDigest(tx, created.id, evidenceSha256);
    // The owner's webhooks are queued with the acceptance itself: committed together or not at all.
    const webhooks = created
      ? await queueWebhookEvent(
          tx,
          ndaAcceptedEvent({
            id: created.id,
            ideaId: share.idea.id,
            shareId: share.id,
            version: created.version,
            acceptedAt: created.acceptedAt,
            recipient: { id: recipient.id, name: recipient.name, email: recipient.email },
          }),
        )
      : [];
    const updated = await tx.recipient.update({ where: { id: recipient.id }, data: { agreedToNda: true } });
    if (created) {
      await appendEvidence(tx, {
        ideaId: share.idea.id,
        type: "agreement.accepted",
        data: {
          ndaId: created.id, shareId: share.id, recipientId: recipient.id, agreementId: created.agreementId, agreementVersion: created.agreementVersionNumber,
          agreementSha256: created.agreementSha256, contentSha256, version: created.version, recordSha256: evidenceSha256, acceptedAt: created.acceptedAt.toISOString(),
          // How it was accepted (the typed name itself is personal: only its commitment is in the entry).
          signed: created.signature !== null,
        },
        personal: { name: created.name, email: created.email, phone: created.phone, ip: created.ip, userAgent: created.userAgent, signature: created.signature },
        recipientId: recipient.id,
      });
    }
    return { created, webhooks, updated };
  });
  kickWebhookDeliveries(webhooks);
  if (created) {
    await notifyNdaAccepted(created.id);
    // The recipient's certificate: mailed after the answer, so a slow or failing mail never touches the acceptance
    // (and the PDF code loads only then, not for every recipient call).
    const ndaId = created.id;
    await runAfterResponse("NDA certificate mail", async () => (await import("@/lib/domain/agreements/mail-certificate")).mailNdaCertificate(ndaId));
  }
  return presentRecipient(updated, share);
}
