import "server-only";
import { PDFDocument } from "pdf-lib";
import { getEnv } from "@/lib/platform/env";
import { embedDejaVu } from "@/lib/platform/pdf/fonts";
import { TextFlow } from "@/lib/platform/pdf/layout";
import { printedLine } from "@/lib/domain/validation/printable-text";
import { NotFoundError } from "@/lib/platform/http/errors";
import type { CertificateData, CertificateOwner } from "@/lib/domain/agreements/certificate-data";
import { roomItemText, type RoomAgreementItem } from "@/lib/domain/validation/agreement-text";
import { certificateTimestampText, formatUtc } from "@/lib/domain/timestamps/text";
import { acceptanceMethodText } from "@/lib/domain/validation/nda-signature";

export { formatUtc };

/** The certificate as a PDF: its layout and the sentences that describe the evidence. */

export const CERTIFICATE_TITLE = "NDA Acceptance Certificate";

export const certificateFileName = (id: string) => `nda-certificate-${id}.pdf`;

/** Absolute links for a document that leaves the site (the configured origin, else the local server). */
export function certificateOrigin() {
  const env = getEnv();
  return env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).origin : `http://localhost:${env.PORT}`;
}

/** The certificate's timestamp line (lib/domain/timestamps/text.ts: a proof's state in words is written there once). */
export function timestampStateText(t: CertificateData["timestamp"]): string {
  return certificateTimestampText(t);
}

/** The owner as a certificate names them: the name, and the account e-mail only if they chose to show it (/profile). */
export function sharedByText(owner: CertificateOwner) {
  const name = printedLine(owner.name);
  return owner.showEmailOnCertificates ? `${name} <${owner.email}>` : name;
}

/** "Agreement: <title>, version <n>" for the owner's own agreement; null for the standard one. */
export function agreementNameText(nda: Pick<CertificateData, "agreementTitle" | "agreementVersionNumber">): string | null {
  return nda.agreementTitle && nda.agreementVersionNumber ? `${printedLine(nda.agreementTitle)}, version ${nda.agreementVersionNumber}` : null;
}

/** What an acceptance is for: its idea, or a room link's room (with the ideas its agreement named). */
export function certificateSubject(nda: Pick<CertificateData, "idea" | "room" | "roomItems">) {
  if (nda.idea) return { title: nda.idea.title, owner: nda.idea.owner, room: null };
  if (!nda.room) throw new NotFoundError("Agreement not found");
  return { title: nda.room.name, owner: nda.room.owner, room: { id: nda.room.id, items: (nda.roomItems ?? []) as RoomAgreementItem[] } };
}

export async function buildNdaCertificate(nda: CertificateData, origin = certificateOrigin(), now = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [regular, bold] = await Promise.all([embedDejaVu(doc, "regular"), embedDejaVu(doc, "bold")]);
  const flow = new TextFlow(doc);
  const body = { font: regular, size: 9.5 };
  const label = { font: regular, size: 9 };
  const value = { font: regular, size: 9.5 };
  const hash = { font: regular, size: 8 };
  const h2 = { font: bold, size: 12, color: [0.12, 0.2, 0.45] as [number, number, number] };

  flow.paragraph(CERTIFICATE_TITLE, { font: bold, size: 20, color: [0.12, 0.2, 0.45] });
  flow.gap(4);
  flow.paragraph(
    "IdeaVault certifies that the person named below accepted the non-disclosure agreement reproduced in full at the end of this " +
      "certificate, with the evidence recorded at that moment. The idea's content is not part of this certificate; its SHA-256 " +
      "digest identifies exactly what was shown.",
    { ...body, color: [0.3, 0.3, 0.35] },
  );

  flow.heading("Acceptance", h2);
  flow.field("Certificate ID", nda.id, label, value);
  flow.field("Accepted at (UTC)", formatUtc(nda.acceptedAt), label, value);
  // The typed signature prints like the identity fields: one line, look-alikes folded.
  flow.field("How accepted", acceptanceMethodText(nda.signature ? printedLine(nda.signature) : null), label, value);
  flow.field("IP address", nda.ip ?? "not recorded", label, value);
  flow.field("User agent", nda.userAgent ?? "not recorded", label, value);

  flow.heading("Recipient", h2);
  // Identity only ever in labelled fields, each on one line (values stored before single-line fields were enforced
  // show their line breaks as visible escapes, so none can pass for another field), with look-alike punctuation
  // folded as the agreement text folds it: a full-width bracket prints as the bracket it imitates, not as "?".
  flow.field("Name", printedLine(nda.name), label, value);
  flow.field("E-mail", printedLine(nda.email), label, value);
  flow.field(
    "E-mail verified",
    nda.recipient.emailVerifiedAt
      ? `Yes: confirmed with a one-time code sent to this address (${formatUtc(nda.recipient.emailVerifiedAt)})`
      : "No: this link did not require an e-mail code",
    label,
    value,
  );
  flow.field("Phone", nda.phone ? printedLine(nda.phone) : "not given", label, value);

  const subject = certificateSubject(nda);
  if (subject.room) {
    // A room acceptance covers each idea its agreement named, each by the SHA-256 of the version shown.
    flow.heading("Room", h2);
    flow.field("Room ID", subject.room.id, label, value);
    flow.field("Room name", printedLine(subject.title), label, value);
    subject.room.items.forEach((item, i) => flow.field(`Idea ${i + 1}`, roomItemText(item), label, value));
  } else if (nda.idea) {
    flow.heading("Idea", h2);
    flow.field("Idea ID", String(nda.idea.id), label, value);
    flow.field("Idea title", printedLine(nda.idea.title), label, value);
    flow.field("Idea version", nda.version === null ? "not recorded (accepted before versions)" : `Version ${nda.version}`, label, value);
  }
  flow.field("Shared by", sharedByText(subject.owner), label, value);
  flow.field("Share link ID", nda.shareId, label, value);

  flow.heading("Digests (SHA-256)", h2);
  flow.field("Agreement text", nda.agreementSha256, label, hash);
  if (subject.room) flow.field("Room's idea list", nda.contentSha256, label, hash);
  else flow.field(nda.version === null ? "Content shown" : `Content shown (version ${nda.version})`, nda.contentSha256, label, hash);
  const own = agreementNameText(nda);
  if (own) flow.field("Agreement", own, label, value);
  else flow.field("Agreement version", nda.agreementVersion, label, value);
  flow.paragraph(
    subject.room
      ? "The agreement digest is the SHA-256 of the agreement text below (UTF-8). Each idea's digest above is the SHA-256 of that idea " +
          "as delivered to the recipient (a PDF's bytes, otherwise the idea's canonical export), as also covered by the idea's own timestamp; " +
          "the idea list's digest is the SHA-256 of the list's canonical JSON, as the acceptance record holds it."
      : "The agreement digest is the SHA-256 of the agreement text below (UTF-8). The content digest is the SHA-256 of the idea " +
          "as delivered to the recipient (a PDF's bytes, otherwise the idea's canonical export), as also covered by the idea's own timestamp.",
    { ...body, size: 8.5, color: [0.3, 0.3, 0.35] },
  );

  flow.heading("Timestamp proof", h2);
  flow.field("State", timestampStateText(nda.timestamp), label, value);
  if (nda.timestamp) flow.field("Record SHA-256", nda.timestamp.digest, label, hash);
  if (nda.timestamp?.bitcoinBlockHash) flow.field("Block hash", nda.timestamp.bitcoinBlockHash, label, hash);
  flow.gap(4);
  flow.paragraph(
    "How to verify: the timestamp proves the acceptance record (a JSON file holding the recipient, the time, the share, the idea " +
      "and both digests above) existed at the block's time. The idea's owner, signed in, downloads the record from " +
      `${origin}/api/ndas/${nda.id}/timestamp/file and its OpenTimestamps proof from ${origin}/api/ndas/${nda.id}/timestamp/ots, ` +
      `then checks both at ${origin}/verify or with any OpenTimestamps client (ots verify). The record's SHA-256 must equal the ` +
      "record digest above.",
    body,
  );

  flow.heading("Agreement text (as shown and accepted)", h2);
  for (const line of nda.agreementText.replace(/\n+$/, "").split("\n")) {
    if (line.trim() === "") flow.gap(5);
    else flow.paragraph(line, body);
  }

  flow.numberPages(`${CERTIFICATE_TITLE} ${nda.id}`, regular);
  const about = subject.room ? `room ${subject.room.id}` : `idea ${nda.idea?.id}`;
  doc.setTitle(`${CERTIFICATE_TITLE}: ${nda.name}, ${about}`);
  doc.setSubject(`Acceptance ${nda.id} of the non-disclosure agreement for ${about}`);
  doc.setAuthor("IdeaVault");
  doc.setCreator("IdeaVault");
  doc.setProducer("IdeaVault (pdf-lib)");
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  return doc.save();
}
