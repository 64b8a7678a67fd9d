import "server-only";
import { sha256Hex } from "@/lib/platform/crypto";
import { canonicalJson } from "@/lib/domain/ideas/export";
import { acceptanceMethodText } from "@/lib/domain/validation/nda-signature";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { RoomAgreementItem } from "@/lib/domain/validation/agreement-text";

/**
 * The acceptances that are evidence for one idea: those made through its own links, and those made through a room's
 * links whose agreement named it (any version: the record's list is what the recipient agreed to, whatever the room
 * holds today). The list is stored with the acceptance, so the room's later changes do not move its evidence.
 */
export const acceptancesForIdea = (ideaId: number) =>
  ({ OR: [{ ideaId }, { roomItems: { array_contains: [{ ideaId }] } }] }) satisfies Prisma.NdaAcceptanceWhereInput;

/** The entry of a room acceptance's stored list that names `ideaId` (title, version and SHA-256 as shown); null if none. */
export function roomItemOf(roomItems: unknown, ideaId: number): RoomAgreementItem | null {
  return Array.isArray(roomItems) ? ((roomItems as RoomAgreementItem[]).find((i) => i.ideaId === ideaId) ?? null) : null;
}

/** The fields of an NDA acceptance record (NdaAcceptance) its timestamp covers. */
export type NdaEvidence = {
  id: string;
  shareId: string;
  /** The idea accepted for; null for a room link's acceptance, which covers each idea of roomItems. */
  ideaId: number | null;
  roomId?: string | null;
  /** A room acceptance's list of ideas as its text named them: [{ideaId, title, version, sha256}]. */
  roomItems?: unknown;
  name: string;
  email: string;
  phone: string | null;
  agreementVersion: string;
  agreementSha256: string;
  contentSha256: string;
  /** The version shown; null for acceptances made before versions, whose records stay as they were. */
  version: number | null;
  acceptedAt: Date;
  /** The full name typed to sign; null: accepted by clicking I Agree. */
  signature: string | null;
  /** 1: a record made before records said how the agreement was accepted, its bytes kept; 2: it says so. */
  recordFormat: number;
};

/**
 * The canonical serialization of an acceptance, the bytes its timestamp proves: who (name, e-mail, phone) accepted
 * which agreement (its SHA-256) for which content (the idea's export SHA-256), through which share, and when.
 * Rebuilt from the stored record for every download; never change a format (existing proofs would stop matching):
 * format 2 adds how the agreement was accepted (signed by typing the name, or clicking I Agree); format 1 records,
 * made before, keep their bytes.
 */
export function ndaEvidenceDocument(r: NdaEvidence): Buffer {
  const second = r.recordFormat >= 2;
  return Buffer.from(
    canonicalJson({
      format: second ? "ideavault-nda-acceptance-2" : "ideavault-nda-acceptance-1",
      acceptance: r.id,
      acceptedAt: r.acceptedAt.toISOString(),
      recipient: { name: r.name, email: r.email, phone: r.phone },
      share: r.shareId,
      idea: r.ideaId ?? undefined,
      // A room acceptance names the room and each idea it covers (an idea acceptance has no room key: bytes unchanged).
      room: r.roomId ? { id: r.roomId, items: r.roomItems } : undefined,
      agreement: { version: r.agreementVersion, sha256: r.agreementSha256 },
      // A record made before versions has no version key, so its bytes (and its proof) are unchanged.
      content: { sha256: r.contentSha256, version: r.version ?? undefined },
      acceptedBy: second ? acceptanceMethodText(r.signature) : undefined,
      signature: second ? (r.signature ?? undefined) : undefined,
    }),
    "utf8",
  );
}

/** The digest an acceptance's timestamp proves (at acceptance, and by the upgrade backfill for older ones). */
export function ndaEvidenceDigest(r: NdaEvidence): string {
  return sha256Hex(ndaEvidenceDocument(r));
}

export const ndaEvidenceFileName = (id: string) => `nda-acceptance-${id}.json`;
