import "server-only";
import type { Prisma, TimestampProof, TsaToken } from "@/lib/generated/prisma/client";
import { queueDigests } from "@/lib/domain/timestamps/queue";
import { stampRetrySeconds } from "@/lib/domain/timestamps/stamp";
import { presentTsaToken, type Rfc3161Json } from "@/lib/domain/timestamps/rfc3161/tokens";

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
  /** The same digest's RFC 3161 token: a signed time from a time-stamping authority, within seconds. */
  rfc3161: Rfc3161Json;
};

/** A proof as the owner's and recipient's screens read it: with how often a digest not yet accepted is tried again. */
export type TimestampScreenJson = TimestampStatusJson & { retryEverySeconds: number };

export function withRetryInterval<T extends object>(json: T): T & { retryEverySeconds: number } {
  return { ...json, retryEverySeconds: stampRetrySeconds() };
}

/** What a proof is read with wherever it is shown: its RFC 3161 token (`include: { timestamp: { include: withTsaToken } }`). */
export const withTsaToken = { tsaToken: true } as const;
export type ProofWithToken = TimestampProof & { tsaToken?: TsaToken | null };

export async function queueNdaDigest(tx: Prisma.TransactionClient, ndaAcceptanceId: string, digest: string) {
  await queueDigests(tx, [{ ndaAcceptanceId, digest }]);
}

export function presentProof(p: ProofWithToken): TimestampStatusJson {
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
    rfc3161: presentTsaToken(p.tsaToken),
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
  calendars: true,
  tsaToken: { select: { state: true, tsaUrl: true, genTime: true, serial: true } },
} as const;

type TimestampSummaryRow = Prisma.TimestampProofGetPayload<{ select: typeof timestampSummarySelect }>;

/** A portfolio card's proof summary, its token as `rfc3161`. */
export function presentTimestampSummary(row: TimestampSummaryRow | null) {
  if (!row) return null;
  const { tsaToken, ...summary } = row;
  return withRetryInterval({ ...summary, rfc3161: presentTsaToken(tsaToken) });
}
