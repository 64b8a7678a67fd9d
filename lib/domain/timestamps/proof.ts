import "server-only";
import type { Prisma, TimestampProof } from "@/lib/generated/prisma/client";
import { queueDigests } from "@/lib/domain/timestamps/queue";

/**
 * Proofs as their owners see them. Publishing (and accepting an NDA) only queues a digest, with its job, inside its
 * own transaction; the jobs (lib/domain/timestamps/stamp.ts, upgrade.ts) do the network work later.
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
