import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { sha256Hex } from "@/lib/crypto";
import { exportFileName, exportIdea, type IdeaExport } from "@/lib/ideas/export";
import { ndaEvidenceDocument, ndaEvidenceFileName } from "@/lib/nda/evidence";
import type { RecipientSecrets } from "@/lib/shares/access";
import { requireReader } from "@/lib/shares/gate";
import type { Prisma, TimestampProof } from "@/lib/generated/prisma/client";
import { queueDigests } from "@/lib/timestamps/queue";
import { queueMissingIdeaProof, queueMissingNdaProof } from "@/lib/timestamps/backfill";

/**
 * Proofs as their owners see them. Publishing (and accepting an NDA) only queues a digest inside its own
 * transaction; the job in lib/timestamps/jobs.ts does the network work later.
 */
export type TimestampState = "queued" | "pending" | "confirmed" | "failed";

export type TimestampStatusJson = {
  status: TimestampState;
  /** Hex SHA-256 of the stamped bytes. */
  digest: string;
  /** When the digest was queued (the idea's blockchainTimestamp). */
  queuedAt: Date;
  /** When the calendars accepted it; null while queued. */
  submittedAt: Date | null;
  /** Calendars holding a commitment to it. */
  calendars: string[];
  bitcoin: { height: number; blockHash: string; time: Date } | null;
  /** Why it failed, or the last problem met while it is still on its way. */
  error: string | null;
};

export async function queueIdeaDigest(tx: Prisma.TransactionClient, ideaId: number, digest: string) {
  await queueDigests(tx, [{ ideaId, digest }]);
}

export async function queueNdaDigest(tx: Prisma.TransactionClient, ndaAcceptanceId: string, digest: string) {
  await queueDigests(tx, [{ ndaAcceptanceId, digest }]);
}

export function presentProof(p: TimestampProof): TimestampStatusJson {
  const bitcoin =
    p.status === "confirmed" && p.bitcoinHeight !== null && p.bitcoinBlockHash && p.bitcoinTime
      ? { height: p.bitcoinHeight, blockHash: p.bitcoinBlockHash, time: p.bitcoinTime }
      : null;
  return {
    status: p.status,
    digest: p.digest,
    queuedAt: p.createdAt,
    submittedAt: p.submittedAt,
    calendars: p.calendars,
    bitcoin,
    error: p.lastError,
  };
}

/** What the portfolio list needs per idea (no digests, no proof bytes). */
export const timestampSummarySelect = {
  status: true,
  createdAt: true,
  submittedAt: true,
  bitcoinHeight: true,
  bitcoinTime: true,
  lastError: true,
} as const;

/**
 * The owner's idea with its proof. Being published is the idea's status, not the presence of a proof: an idea
 * published before proofs existed has none until the backfill (lib/timestamps/backfill.ts) reaches it, and is
 * queued here on the spot rather than called unpublished.
 */
export async function ownedIdeaWithProof(ownerId: string, ideaId: number) {
  const find = () => db.idea.findFirst({ where: { id: ideaId, ownerId }, include: { timestamp: true } });
  let idea = await find();
  if (!idea) throw new NotFoundError("Idea not found");
  if (idea.status !== "published") throw new NotFoundError("This idea is not published, so it has no timestamp");
  if (!idea.timestamp) {
    await queueMissingIdeaProof(idea);
    idea = await find();
  }
  if (!idea?.timestamp) throw new Error(`idea ${ideaId}: published without a proof after queueing one`);
  return { idea, proof: idea.timestamp };
}

export async function getIdeaTimestamp(ownerId: string, ideaId: number): Promise<TimestampStatusJson> {
  return presentProof((await ownedIdeaWithProof(ownerId, ideaId)).proof);
}

/** The `.ots` once the calendars answered (a proof without attestations does not exist). */
export async function getIdeaOts(ownerId: string, ideaId: number): Promise<{ bytes: Buffer; fileName: string }> {
  const { idea, proof } = await ownedIdeaWithProof(ownerId, ideaId);
  if (!proof.ots) throw new NotFoundError("No proof yet: the timestamp has not been submitted to the calendars");
  return { bytes: Buffer.from(proof.ots), fileName: `${exportFileName(idea)}.ots` };
}

/** The exact stamped bytes, rebuilt from the stored idea and checked against the recorded digest. */
export async function getIdeaStampedFile(ownerId: string, ideaId: number): Promise<IdeaExport> {
  const { idea, proof } = await ownedIdeaWithProof(ownerId, ideaId);
  const file = await exportIdea(idea);
  if (sha256Hex(file.bytes) !== proof.digest) {
    throw new Error(`idea ${idea.id}: the rebuilt export does not match its timestamped digest`);
  }
  return file;
}

/** An acceptance of one of the owner's ideas, with its proof. */
async function ownedNdaWithProof(ownerId: string, ndaId: string) {
  const find = () => db.ndaAcceptance.findFirst({ where: { id: ndaId, idea: { ownerId } }, include: { timestamp: true } });
  let nda = await find();
  if (!nda) throw new NotFoundError("Agreement not found");
  // Accepted before acceptances were stamped: queued now, as the backfill would.
  if (!nda.timestamp) {
    await queueMissingNdaProof(nda);
    nda = await find();
  }
  if (!nda?.timestamp) throw new Error(`NDA acceptance ${ndaId}: accepted without a proof after queueing one`);
  return { nda, proof: nda.timestamp };
}

/** The NDA acceptances of an owner's idea (evidence fields and timestamp state), newest first. */
export async function listIdeaNdas(ownerId: string, ideaId: number) {
  const idea = await db.idea.findFirst({ where: { id: ideaId, ownerId }, select: { id: true } });
  if (!idea) throw new NotFoundError("Idea not found");
  const rows = await db.ndaAcceptance.findMany({
    where: { ideaId },
    orderBy: { acceptedAt: "desc" },
    select: {
      id: true, shareId: true, name: true, email: true, phone: true, agreementVersion: true, agreementSha256: true,
      contentSha256: true, acceptedAt: true, timestamp: true,
    },
  });
  return rows.map(({ timestamp, ...nda }) => ({ ...nda, timestamp: timestamp ? presentProof(timestamp) : null }));
}

export async function getNdaTimestamp(ownerId: string, ndaId: string): Promise<TimestampStatusJson> {
  return presentProof((await ownedNdaWithProof(ownerId, ndaId)).proof);
}

export async function getNdaOts(ownerId: string, ndaId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const { nda, proof } = await ownedNdaWithProof(ownerId, ndaId);
  if (!proof.ots) throw new NotFoundError("No proof yet: the timestamp has not been submitted to the calendars");
  return { bytes: Buffer.from(proof.ots), fileName: `${ndaEvidenceFileName(nda.id)}.ots` };
}

/** The acceptance record's canonical serialization: the bytes its proof commits to. */
export async function getNdaEvidenceFile(ownerId: string, ndaId: string) {
  const { nda, proof } = await ownedNdaWithProof(ownerId, ndaId);
  const bytes = ndaEvidenceDocument(nda);
  if (sha256Hex(bytes) !== proof.digest) throw new Error(`NDA acceptance ${nda.id}: the rebuilt record does not match its timestamped digest`);
  return { bytes, fileName: ndaEvidenceFileName(nda.id), contentType: "application/json" };
}

/**
 * The idea behind a share link, for a recipient of this browser who agreed (and verified an e-mail share) and whose
 * view window is open: they may download the proof and the stamped file of what they viewed, nothing else.
 */
export async function ideaOfAgreedRecipient(token: string, secrets: RecipientSecrets): Promise<{ ownerId: string; ideaId: number }> {
  const { share } = await requireReader(token, secrets);
  return { ownerId: share.idea.ownerId, ideaId: share.idea.id };
}
