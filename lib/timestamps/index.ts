import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { sha256Hex } from "@/lib/crypto";
import { exportFileName, exportIdea, type IdeaExport } from "@/lib/ideas/export";
import type { Prisma, TimestampProof } from "@/lib/generated/prisma/client";

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
  await tx.timestampProof.create({ data: { ideaId, digest } });
}

export async function queueNdaDigest(tx: Prisma.TransactionClient, ndaAcceptanceId: string, digest: string) {
  await tx.timestampProof.create({ data: { ndaAcceptanceId, digest } });
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

async function ownedIdeaWithProof(ownerId: string, ideaId: number) {
  const idea = await db.idea.findFirst({ where: { id: ideaId, ownerId }, include: { timestamp: true } });
  if (!idea) throw new NotFoundError("Idea not found");
  if (!idea.timestamp) throw new NotFoundError("This idea is not published, so it has no timestamp");
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
