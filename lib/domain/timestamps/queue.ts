import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueMany } from "@/lib/platform/jobs";
import { queueTsaTokens } from "@/lib/domain/timestamps/rfc3161/tokens";

/**
 * A proof's jobs (lib/platform/jobs): each queued proof has one "stamp" job, each pending proof one
 * "timestamp-upgrade" job for its next calendar check. The library claims them, holds their lease and retries a
 * crashed run; the outcome of a run is written in the transaction that completes its jobs (completeJobs), so a run
 * whose lease ran out writes nothing. The proof row keeps what owners see: its status, the last problem met, the
 * proof bytes.
 */

/** (Proof bytes travel as hex in raw queries: the raw result mapper does not take pg's Buffers everywhere.) */

/** Times are passed from JS and stored as UTC like Prisma does, whatever the session zone. */
function utc(d: Date) {
  return Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/**
 * A digest to stamp and what it proves: one published version of an idea, one NDA acceptance, one evidence pack's
 * manifest or one evidence-log anchor's Merkle root (ideaId: proofs of releases before versions; nothing queues those any more).
 */
export type QueueItem = { digest: string } & (
  | { ideaVersionId: string; ideaId?: never; ndaAcceptanceId?: never; evidencePackId?: never; logAnchorId?: never }
  | { ndaAcceptanceId: string; ideaId?: never; ideaVersionId?: never; evidencePackId?: never; logAnchorId?: never }
  | { evidencePackId: string; ideaId?: never; ideaVersionId?: never; ndaAcceptanceId?: never; logAnchorId?: never }
  | { logAnchorId: string; ideaId?: never; ideaVersionId?: never; ndaAcceptanceId?: never; evidencePackId?: never }
);

/**
 * Queues digests for the job (publication and acceptance inside their own transaction, the upgrade backfill for
 * older subjects). A subject has at most one proof, kept by its unique index: a subject already queued keeps its
 * proof (ON CONFLICT DO NOTHING), so callers racing on the same subject queue — and the job submits — it once.
 * Each created proof gets its "stamp" job in the same transaction. Returns the proofs this call created.
 */
export async function queueDigests(tx: Prisma.TransactionClient, items: QueueItem[]) {
  if (!items.length) return [];
  const created = await tx.timestampProof.createManyAndReturn({
    data: items.map((i) => ({
      ideaVersionId: i.ideaVersionId ?? null,
      ndaAcceptanceId: i.ndaAcceptanceId ?? null,
      evidencePackId: i.evidencePackId ?? null,
      logAnchorId: i.logAnchorId ?? null,
      digest: i.digest,
    })),
    skipDuplicates: true,
    select: { id: true, ideaVersionId: true, ndaAcceptanceId: true, evidencePackId: true, digest: true },
  });
  await enqueueMany("stamp", created.map((p) => ({ data: { proofId: p.id, attempt: 1 } })), { tx });
  // The same digest's RFC 3161 token, asked for at once by its own job.
  await queueTsaTokens(tx, created.map((p) => p.id));
  return created;
}

/** A batch accepted by the calendars: every item becomes pending with its own proof (those still queued). */
export async function markSubmitted(tx: Prisma.TransactionClient, items: { id: string; ots: Buffer }[], calendars: string[], note: string | null, now: Date) {
  return tx.$queryRaw<{ id: string }[]>`
    UPDATE "TimestampProof" AS p SET
      "status" = 'pending', "ots" = decode(v.ots, 'hex'), "calendars" = ${calendars}::text[], "submittedAt" = ${utc(now)}, "lastError" = ${note}
    FROM unnest(${items.map((i) => i.id)}::text[], ${items.map((i) => i.ots.toString("hex"))}::text[]) AS v(id, ots)
    WHERE p."id" = v.id AND p."status" = 'queued'
    RETURNING p."id"`;
}

/** A batch the calendars refused: kept queued (its next attempt is a job), or given up ('failed'). */
export async function markRefused(tx: Prisma.TransactionClient, ids: string[], status: "queued" | "failed", error: string) {
  if (!ids.length) return 0;
  return tx.timestampProof.updateMany({ where: { id: { in: ids }, status: "queued" }, data: { status, lastError: error } }).then((r) => r.count);
}

export type UpgradeOutcome = {
  id: string;
  status: "pending" | "confirmed" | "failed";
  /** Written only when the proof changed (an upgrade was merged). */
  ots: Buffer | null;
  lastError: string | null;
  bitcoin: { height: number; blockHash: string; time: Date } | null;
};

/** A proof whose outcome was written, with the idea it is about (the agreement's idea for an NDA). */
export type SavedOutcome = { id: string; status: string; ideaId: number | null; ideaVersionId: string | null; ndaAcceptanceId: string | null; digest: string };

export async function saveUpgradeOutcomes(tx: Prisma.TransactionClient, outcomes: UpgradeOutcome[], now: Date): Promise<SavedOutcome[]> {
  if (!outcomes.length) return [];
  const col = <T>(f: (o: UpgradeOutcome) => T) => outcomes.map(f);
  return tx.$queryRaw<SavedOutcome[]>`
    UPDATE "TimestampProof" AS p SET
      "status" = v.status::"TimestampStatus",
      "ots" = COALESCE(decode(v.ots, 'hex'), p."ots"),
      "lastError" = v.last_error,
      "confirmedAt" = CASE WHEN v.status = 'confirmed' THEN ${utc(now)} ELSE p."confirmedAt" END,
      "bitcoinHeight" = v.height, "bitcoinBlockHash" = v.block_hash, "bitcoinTime" = v.block_time AT TIME ZONE 'UTC'
    FROM unnest(
      ${col((o) => o.id)}::text[], ${col((o) => o.status)}::text[], ${col((o) => (o.ots ? o.ots.toString("hex") : null))}::text[],
      ${col((o) => o.lastError)}::text[], ${col((o) => o.bitcoin?.height ?? null)}::int[],
      ${col((o) => o.bitcoin?.blockHash ?? null)}::text[], ${col((o) => o.bitcoin?.time.toISOString() ?? null)}::timestamptz[]
    ) AS v(id, status, ots, last_error, height, block_hash, block_time)
    WHERE p."id" = v.id AND p."status" = 'pending'
    RETURNING p."id", p."status"::text AS "status", p."ideaVersionId", p."ndaAcceptanceId", p."digest",
      COALESCE(p."ideaId", (SELECT v."ideaId" FROM "IdeaVersion" v WHERE v."id" = p."ideaVersionId"),
        (SELECT n."ideaId" FROM "NdaAcceptance" n WHERE n."id" = p."ndaAcceptanceId")) AS "ideaId"`;
}
