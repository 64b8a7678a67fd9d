import "server-only";
import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  AGREEMENT_VERSION,
  agreementFileName,
  agreementToText,
  buildAgreement,
  buildDownloadAgreement,
  roomAgreementFileName,
  type Agreement,
  type AgreementParties,
  type RoomAgreementSubject,
} from "@/lib/domain/validation/agreement-text";
import { ownAgreementToText, renderOwnAgreement, type OwnAgreementDocument } from "@/lib/domain/validation/own-agreement";

/**
 * The agreement exactly as one recipient is shown it: the link's own agreement at its current version,
 * or the standard agreement when the link names none. The NDA screen, 'Download Agreement', the acceptance record
 * (its text and SHA-256), the certificate and the record's timestamp all use this one rendering.
 */
export type ShownAgreementDocument = { kind: "standard"; agreement: Agreement } | { kind: "own"; agreement: OwnAgreementDocument };

export type ShownAgreement = {
  /** The owner's agreement, null for the standard one. */
  agreementId: string | null;
  title: string;
  /** The owner's agreement's version number; null for the standard one. */
  version: number | null;
  /** What the acceptance stores as agreementVersion (the standard: its wording's date). */
  agreementVersion: string;
  /** The exact text shown and hashed. */
  text: string;
  sha256: string;
  /** The same, in parts the screen lays out (labelled values marked). */
  document: ShownAgreementDocument;
  /** 'Download Agreement': the standard agreement's 8-term copy (SPEC §2), an own agreement's exact text. */
  download: { fileName: string; text: string };
};

type Client = Prisma.TransactionClient | typeof db;

/** An idea link (its idea), or a room link (its room with each idea's digest, and the owner's name). */
export type AgreementLink =
  | { agreementId: string | null; idea: { id: number; title: string; owner: { name: string } }; room?: undefined }
  | { agreementId: string | null; idea?: undefined; room: RoomAgreementSubject & { owner: { name: string } } };

/** `lock`: inside an acceptance's transaction, hold the agreement row (FOR SHARE) so an edit waits for it. */
export async function agreementShownTo(
  client: Client,
  share: AgreementLink,
  recipient: { name: string; email: string; createdAt: Date },
  opts: { now?: Date; lock?: boolean } = {},
): Promise<ShownAgreement> {
  const people = { recipientName: recipient.name, recipientEmail: recipient.email };
  const parties: AgreementParties = share.room
    ? { ...people, sharerName: share.room.owner.name, room: { id: share.room.id, name: share.room.name, items: share.room.items } }
    : { ...people, sharerName: share.idea.owner.name, ideaId: share.idea.id, ideaTitle: share.idea.title };
  const fileName = share.room ? roomAgreementFileName(share.room.id) : agreementFileName(share.idea.id);
  if (share.agreementId) {
    if (opts.lock) await client.$queryRaw`SELECT "id" FROM "Agreement" WHERE "id" = ${share.agreementId} FOR SHARE`;
    const current = await client.agreementVersion.findFirst({ where: { agreementId: share.agreementId }, orderBy: { version: "desc" } });
    if (current) {
      // {date} is the day the recipient identified: fixed for this recipient, so the text read before midnight (UTC)
      // is still the text accepted after it.
      const document = renderOwnAgreement(current, { ...parties, date: opts.now ?? recipient.createdAt });
      const text = ownAgreementToText(document);
      return {
        agreementId: share.agreementId,
        title: document.title,
        version: current.version,
        agreementVersion: `own:${share.agreementId}:v${current.version}`,
        text,
        sha256: sha256Hex(Buffer.from(text, "utf8")),
        document: { kind: "own", agreement: document },
        download: { fileName, text },
      };
    }
  }
  const agreement = buildAgreement(parties);
  const text = agreementToText(agreement);
  return {
    agreementId: null,
    title: agreement.title,
    version: null,
    agreementVersion: AGREEMENT_VERSION,
    text,
    sha256: sha256Hex(Buffer.from(text, "utf8")),
    document: { kind: "standard", agreement },
    download: { fileName, text: agreementToText(buildDownloadAgreement(parties)) },
  };
}
