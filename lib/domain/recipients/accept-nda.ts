import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { shownVersion } from "@/lib/domain/gate/shown-version";
import { db } from "@/lib/platform/db";
import { ConflictError, ForbiddenError, presentOr404, ValidationError } from "@/lib/platform/http/errors";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { exportDigest } from "@/lib/domain/ideas/export";
import { agreementShownTo, type AgreementLink } from "@/lib/domain/agreements/shown";
import type { RoomAgreementItem } from "@/lib/domain/validation/agreement-text";
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

type SessionLink = Awaited<ReturnType<typeof findSessionRecipient>>["share"];

/** One idea an acceptance covers: its log gets the acceptance's entry and its owner's webhooks the event. */
export type CoveredIdea = { ideaId: number; contentSha256: string; version: number | null };

/**
 * What a link's acceptance is about: the agreement's subject (an idea, or a room with each idea's digest), what the
 * record stores of it, and each idea it covers (an idea link: its idea; a room link: each item, lib/domain/rooms).
 */
export type AcceptanceSubject = {
  agreement: AgreementLink;
  record: { ideaId: number | null; roomId: string | null; roomItems: RoomAgreementItem[] | null; contentSha256: string; version: number | null };
  covers: CoveredIdea[];
  /** A room link's room, named in the log entries and webhook events (an idea link's have no room key). */
  room: { id: string; name: string } | null;
};

/** An idea link's acceptance subject: the version the link shows, by its export's digest. */
export async function ideaAcceptanceSubject(link: SessionLink): Promise<AcceptanceSubject> {
  const idea = presentOr404(link.idea, INVALID_LINK);
  // The version the link shows is the one agreed to: the record names it with its digest.
  const version = await shownVersion({ ideaId: idea.id, pinnedVersion: link.pinnedVersion });
  const contentSha256 = await currentContentSha256({ id: idea.id, ownerId: idea.ownerId, title: version.title, contentCiphertext: version.contentCiphertext });
  return {
    // {ideaTitle} names the version shown (a pinned link's older title), as GET /api/share/{token}/agreement did.
    agreement: { agreementId: link.agreementId, idea: { ...idea, title: version.title } },
    record: { ideaId: idea.id, roomId: null, roomItems: null, contentSha256, version: version.version },
    covers: [{ ideaId: idea.id, contentSha256, version: version.version }],
    room: null,
  };
}

export type AcceptanceSubjectOf = (link: SessionLink) => Promise<AcceptanceSubject>;

/**
 * Records the agreement with its evidence (who, from where, when, the exact text and its digest, the content's
 * digest) and queues the record's digest for a timestamp. Accepting again answers the same recipient: one record
 * (and one proof) per recipient (unique recipientId). A `signature` (the full name typed to sign) must be the
 * identified name, ignoring case and spacing, and is kept as typed; without one the record says I Agree was clicked.
 * `subjectOf` says what the link's agreement covers: an idea link's idea by default; a room link's ideas through
 * lib/domain/rooms (acceptLinkNda).
 */
export async function acceptNda(
  id: string,
  secrets: RecipientSecrets,
  client: ClientInfo,
  shown: { agreementSha256?: string; signature?: string } = {},
  subjectOf: AcceptanceSubjectOf = ideaAcceptanceSubject,
) {
  const recipient = await findSessionRecipient(id, secrets);
  const { share } = recipient;
  if (!isEmailVerified(recipient, share)) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  if (shown.signature !== undefined && !signatureMatches(recipient.name, shown.signature)) throw new ValidationError(SIGNATURE_MISMATCH);
  const signature = shown.signature === undefined ? null : signatureAsSigned(shown.signature);
  if (recipient.agreedToNda) return presentRecipient(recipient, share);
  const subject = await subjectOf(share);
  const { contentSha256 } = subject.record;
  const { updated, created, webhooks } = await db.$transaction(async (tx) => {
    await lockUndeclinedRecipient(tx, recipient.id);
    // The agreement as rendered for this recipient, its row held so an edit cannot change the version
    // being accepted; the text the screen showed must be this very text.
    const agreement = await agreementShownTo(tx, subject.agreement, recipient, { lock: true });
    if (shown.agreementSha256 && shown.agreementSha256 !== agreement.sha256) throw new ConflictError(AGREEMENT_CHANGED);
    const [created] = await tx.ndaAcceptance.createManyAndReturn({
      data: [
        {
          recipientId: recipient.id,
          shareId: share.id,
          ideaId: subject.record.ideaId,
          roomId: subject.record.roomId,
          roomItems: subject.record.roomItems ?? undefined,
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
          version: subject.record.version,
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
    // One event per idea covered (a room acceptance's name the room).
    const webhooks: string[] = [];
    for (const idea of created ? subject.covers : []) {
      const event = ndaAcceptedEvent({
        id: created.id,
        ideaId: idea.ideaId,
        shareId: share.id,
        version: idea.version,
        acceptedAt: created.acceptedAt,
        recipient: { id: recipient.id, name: recipient.name, email: recipient.email },
        room: subject.room,
      });
      webhooks.push(...(await queueWebhookEvent(tx, event)));
    }
    const updated = await tx.recipient.update({ where: { id: recipient.id }, data: { agreedToNda: true } });
    // The entry goes to the log of each idea covered (in id order, so concurrent appends lock the heads in one
    // order), with that idea's own digest and version; a room acceptance's entries name the room.
    for (const idea of created ? [...subject.covers].sort((a, b) => a.ideaId - b.ideaId) : []) {
      await appendEvidence(tx, {
        ideaId: idea.ideaId,
        type: "agreement.accepted",
        data: {
          ndaId: created.id, shareId: share.id, recipientId: recipient.id, agreementId: created.agreementId, agreementVersion: created.agreementVersionNumber,
          agreementSha256: created.agreementSha256, contentSha256: idea.contentSha256, version: idea.version, recordSha256: evidenceSha256, acceptedAt: created.acceptedAt.toISOString(),
          // How it was accepted (the typed name itself is personal: only its commitment is in the entry).
          signed: created.signature !== null,
          ...(subject.room ? { roomId: subject.room.id } : {}),
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
