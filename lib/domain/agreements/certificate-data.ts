import "server-only";
import { db } from "@/lib/platform/db";
import { NotFoundError, presentOr404 } from "@/lib/platform/http/errors";
import { secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import type { TimestampProof } from "@/lib/generated/prisma/client";

/**
 * The certificate of one NDA acceptance: the agreement exactly as shown, who accepted it, when, from where, the
 * digests of the agreement and of the content shown, and the state of the record's timestamp with how to check it.
 * It never contains the idea's content: it goes to the recipient by e-mail and to anyone the owner shows it to.
 */
export type CertificateOwner = { name: string; email: string; showEmailOnCertificates: boolean };

export type CertificateData = {
  id: string;
  shareId: string;
  name: string;
  email: string;
  phone: string | null;
  agreementVersion: string;
  /** The owner's own agreement's title and version number; null (or absent) for the standard one. */
  agreementTitle?: string | null;
  agreementVersionNumber?: number | null;
  agreementText: string;
  agreementSha256: string;
  contentSha256: string;
  version: number | null;
  ip: string | null;
  userAgent: string | null;
  acceptedAt: Date;
  /** The full name typed to sign; null (or absent): accepted by clicking I Agree. */
  signature?: string | null;
  /** The idea accepted for; null for a room link's acceptance, which names its room and ideas instead. */
  idea: { id: number; title: string; owner: CertificateOwner } | null;
  /** A room link's acceptance: the room, and the ideas its agreement named ([{ideaId, title, version, sha256}]). */
  room?: { id: string; name: string; owner: CertificateOwner } | null;
  roomItems?: unknown;
  recipient: { emailVerifiedAt: Date | null };
  timestamp: Pick<TimestampProof, "status" | "digest" | "submittedAt" | "bitcoinHeight" | "bitcoinBlockHash" | "bitcoinTime" | "lastError"> | null;
};

/** What a certificate needs beside the acceptance's own fields (lib/domain/evidence/pack.ts reads pages of acceptances with it). */
export const certificateInclude = {
  idea: { select: { id: true, title: true, owner: { select: { name: true, email: true, showEmailOnCertificates: true } } } },
  room: { select: { id: true, name: true, owner: { select: { name: true, email: true, showEmailOnCertificates: true } } } },
  recipient: { select: { emailVerifiedAt: true } },
  // With its RFC 3161 token: the evidence ZIPs put the token beside the record's .ots.
  timestamp: { include: { tsaToken: true } },
} as const;

/**
 * An acceptance for one idea, as a certificate names it; a room acceptance (no idea of its own) is not one: 404.
 */
export function ideaAcceptance<T extends { idea: unknown }>(nda: T): T & { idea: NonNullable<T["idea"]> } {
  return { ...nda, idea: presentOr404(nda.idea, "Agreement not found") as NonNullable<T["idea"]> };
}

/**
 * The acceptance if the caller may have its certificate: the idea's (or the room's) owner, or the recipient who accepted (this
 * browser holds their secret). The recipient keeps access to their own evidence after the link closes. Anyone
 * else, like an unknown id, gets a 404.
 */
export async function findCertificateData(ndaId: string, viewer: { userId: string | null; secrets: RecipientSecrets }): Promise<CertificateData> {
  const hashes = secretHashes(viewer.secrets);
  const who = [
    ...(viewer.userId ? [{ idea: { ownerId: viewer.userId } }, { room: { ownerId: viewer.userId } }] : []),
    ...(hashes.length ? [{ recipient: { secretHash: { in: hashes } } }] : []),
  ];
  const nda = who.length && /^[a-z0-9]{10,40}$/i.test(ndaId)
    ? await db.ndaAcceptance.findFirst({ where: { id: ndaId, OR: who }, include: certificateInclude })
    : null;
  if (!nda) throw new NotFoundError("Agreement not found");
  return nda;
}
