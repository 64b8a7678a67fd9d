import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { queueTsaTokens } from "@/lib/domain/timestamps/rfc3161/tokens";

/**
 * The job's hold on proofs. Claiming is one statement: due rows are locked with FOR UPDATE SKIP LOCKED, their
 * attempt counter goes up and their next attempt moves past a lease, so a second job instance (another server, a
 * cron call during the interval run) takes other rows or none. The attempt number read at claim time fences the
 * final write: if the lease ran out and someone else claimed the row meanwhile, the late write changes nothing.
 */
export type ClaimedProof = { id: string; digest: string; otsHex: string | null; attempts: number; submittedAt: Date | null };

/** (Proof bytes travel as hex in raw queries: the raw result mapper does not take pg's Buffers everywhere.) */

/** Times are passed from JS (tests move the clock) and stored as UTC like Prisma does, whatever the session zone. */
function utc(d: Date) {
  return Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/**
 * A digest to stamp and what it proves: one published version of an idea, one NDA acceptance or one evidence pack's
 * manifest (ideaId: proofs of releases before versions; nothing queues those any more).
 */
export type QueueItem = { digest: string } & (
  | { ideaVersionId: string; ideaId?: never; ndaAcceptanceId?: never; evidencePackId?: never }
  | { ndaAcceptanceId: string; ideaId?: never; ideaVersionId?: never; evidencePackId?: never }
  | { evidencePackId: string; ideaId?: never; ideaVersionId?: never; ndaAcceptanceId?: never }
);

/**
 * Queues digests for the job (publication and acceptance inside their own transaction, the upgrade backfill for
 * older subjects). A subject has at most one proof, kept by its unique index: a subject already queued keeps its
 * proof (ON CONFLICT DO NOTHING), so callers racing on the same subject queue — and the job submits — it once.
 * Returns the proofs this call created.
 */
export async function queueDigests(tx: Prisma.TransactionClient, items: QueueItem[]) {
  if (!items.length) return [];
  const created = await tx.timestampProof.createManyAndReturn({
    data: items.map((i) => ({
      ideaVersionId: i.ideaVersionId ?? null,
      ndaAcceptanceId: i.ndaAcceptanceId ?? null,
      evidencePackId: i.evidencePackId ?? null,
      digest: i.digest,
    })),
    skipDuplicates: true,
    select: { id: true, ideaVersionId: true, ndaAcceptanceId: true, evidencePackId: true, digest: true },
  });
  // The same digest's RFC 3161 token, asked for at once by its own job.
  await queueTsaTokens(tx, created.map((p) => p.id));
  return created;
}

export async function claimDue(status: "queued" | "pending", now: Date, leaseMs: number, limit: number): Promise<ClaimedProof[]> {
  return db.$queryRaw<ClaimedProof[]>`
    UPDATE "TimestampProof" SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${utc(new Date(now.getTime() + leaseMs))}
    WHERE "id" IN (
      SELECT "id" FROM "TimestampProof"
      WHERE "status" = ${status}::"TimestampStatus" AND "nextAttemptAt" <= ${utc(now)}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "digest", encode("ots", 'hex') AS "otsHex", "attempts", "submittedAt"`;
}

/** A batch accepted by the calendars: every item becomes pending with its own proof. */
export async function markSubmitted(
  items: { id: string; attempts: number; ots: Buffer }[],
  calendars: string[],
  note: string | null,
  now: Date,
): Promise<number> {
  return db.$executeRaw`
    UPDATE "TimestampProof" AS p SET
      "status" = 'pending', "ots" = decode(v.ots, 'hex'), "calendars" = ${calendars}::text[], "submittedAt" = ${utc(now)},
      "attempts" = 0, "nextAttemptAt" = ${utc(now)}, "lastError" = ${note}
    FROM unnest(${items.map((i) => i.id)}::text[], ${items.map((i) => i.attempts)}::int[], ${items.map((i) => i.ots.toString("hex"))}::text[]) AS v(id, attempts, ots)
    WHERE p."id" = v.id AND p."attempts" = v.attempts AND p."status" = 'queued'`;
}

/** The same outcome for many proofs (a batch the calendars refused: retry later, or give up). */
export async function markRetry(items: { id: string; attempts: number }[], status: "queued" | "pending" | "failed", nextAttemptAt: Date, error: string) {
  return db.$executeRaw`
    UPDATE "TimestampProof" AS p SET "status" = ${status}::"TimestampStatus", "nextAttemptAt" = ${utc(nextAttemptAt)}, "lastError" = ${error}
    FROM unnest(${items.map((i) => i.id)}::text[], ${items.map((i) => i.attempts)}::int[]) AS v(id, attempts)
    WHERE p."id" = v.id AND p."attempts" = v.attempts`;
}

export type UpgradeOutcome = {
  id: string;
  attempts: number;
  status: "pending" | "confirmed" | "failed";
  /** Written only when the proof changed (an upgrade was merged). */
  ots: Buffer | null;
  nextAttemptAt: Date;
  lastError: string | null;
  bitcoin: { height: number; blockHash: string; time: Date } | null;
};

/** A proof whose outcome was written (its lease still held), with the idea it is about (the agreement's idea for an NDA). */
export type SavedOutcome = { id: string; status: string; ideaId: number | null; ndaAcceptanceId: string | null; digest: string };

export async function saveUpgradeOutcomes(outcomes: UpgradeOutcome[], now: Date, client: Prisma.TransactionClient | typeof db = db): Promise<SavedOutcome[]> {
  if (!outcomes.length) return [];
  const col = <T>(f: (o: UpgradeOutcome) => T) => outcomes.map(f);
  return client.$queryRaw<SavedOutcome[]>`
    UPDATE "TimestampProof" AS p SET
      "status" = v.status::"TimestampStatus",
      "ots" = COALESCE(decode(v.ots, 'hex'), p."ots"),
      "nextAttemptAt" = v.next_at AT TIME ZONE 'UTC',
      "lastError" = v.last_error,
      "attempts" = CASE WHEN v.status = 'pending' THEN p."attempts" ELSE 0 END,
      "confirmedAt" = CASE WHEN v.status = 'confirmed' THEN ${utc(now)} ELSE p."confirmedAt" END,
      "bitcoinHeight" = v.height, "bitcoinBlockHash" = v.block_hash, "bitcoinTime" = v.block_time AT TIME ZONE 'UTC'
    FROM unnest(
      ${col((o) => o.id)}::text[], ${col((o) => o.attempts)}::int[], ${col((o) => o.status)}::text[],
      ${col((o) => (o.ots ? o.ots.toString("hex") : null))}::text[], ${col((o) => o.nextAttemptAt.toISOString())}::timestamptz[],
      ${col((o) => o.lastError)}::text[], ${col((o) => o.bitcoin?.height ?? null)}::int[],
      ${col((o) => o.bitcoin?.blockHash ?? null)}::text[], ${col((o) => o.bitcoin?.time.toISOString() ?? null)}::timestamptz[]
    ) AS v(id, attempts, status, ots, next_at, last_error, height, block_hash, block_time)
    WHERE p."id" = v.id AND p."attempts" = v.attempts AND p."status" = 'pending'
    RETURNING p."id", p."status"::text AS "status", p."ndaAcceptanceId", p."digest",
      COALESCE(p."ideaId", (SELECT v."ideaId" FROM "IdeaVersion" v WHERE v."id" = p."ideaVersionId"),
        (SELECT n."ideaId" FROM "NdaAcceptance" n WHERE n."id" = p."ndaAcceptanceId")) AS "ideaId"`;
}
