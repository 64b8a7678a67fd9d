import "server-only";
import type PgBoss from "pg-boss";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { completeJobs, enqueueMany, type JobPayloads } from "@/lib/platform/jobs";
import { submitToCalendar } from "@/lib/domain/timestamps/calendar";
import { buildBatch, mergeTimestamp, serializeOtsFile } from "@/lib/domain/timestamps/ots";
import { markRefused, markSubmitted } from "@/lib/domain/timestamps/queue";

/** One tree per run: the calendars see one root however many proofs are due (a worker takes this many jobs at once). */
export const MAX_BATCH = 10_000;
/** Without an in-process interval (OTS_INTERVAL_S=0) the cron call stamps, every 10 minutes (vercel.json). */
const CRON_INTERVAL_S = 600;

/**
 * How often a digest no calendar accepted yet is tried again: every run of the stamping job (OTS_INTERVAL_S, or the
 * cron's 10 minutes). Owners are told this interval in words, so the backoff below never waits longer than it.
 */
export const stampRetrySeconds = () => getEnv().OTS_INTERVAL_S || CRON_INTERVAL_S;

/** Refused batches are retried after 1, 2, 4 … minutes, then on every run of the job, for about a day at the default interval. */
export const MAX_STAMP_ATTEMPTS = 150;
export const stampBackoffMs = (attempt: number) => Math.min(stampRetrySeconds() * 1000, 2 ** (attempt - 1) * 60_000);

export type StampCounts = { queued: number; submitted: number; calendars: number; retrying: number; failed: number };
type StampJob = PgBoss.Job<JobPayloads["stamp"]>;

/**
 * Stamps the proofs of a batch of "stamp" jobs as one tree and stores each item's own proof; each submitted proof
 * gets its first calendar check as a "timestamp-upgrade" job after OTS_INTERVAL_S. A refused batch queues each job's
 * next attempt on the backoff schedule, or gives up after MAX_STAMP_ATTEMPTS.
 */
export async function stampProofs(jobs: StampJob[], now = new Date()): Promise<StampCounts> {
  const env = getEnv();
  // Only proofs still queued (a proof deleted with its idea, or adopted twice, has nothing left to stamp).
  const proofs = await db.timestampProof.findMany({ where: { id: { in: jobs.map((j) => j.data.proofId) }, status: "queued" }, select: { id: true, digest: true } });
  const digest = new Map(proofs.map((p) => [p.id, p.digest]));
  const due = jobs.filter((j) => digest.has(j.data.proofId));
  const counts: StampCounts = { queued: due.length, submitted: 0, calendars: 0, retrying: 0, failed: 0 };
  if (!due.length) return counts;

  const { files, root } = buildBatch(due.map((j) => Buffer.from(digest.get(j.data.proofId)!, "hex")));
  const rootMsg = Buffer.from(root.msg);
  const results = await Promise.all(env.OTS_CALENDARS.map((url) => submitToCalendar(url, rootMsg, env.OTS_TIMEOUT_MS)));
  const answered = results.filter((r) => r.ok);
  const errors = results.flatMap((r) => (r.ok ? [] : [r.error]));
  counts.calendars = answered.length;

  if (answered.length < env.OTS_MIN_CALENDARS) {
    const reason = `${answered.length} of ${results.length} calendars accepted the digest (${env.OTS_MIN_CALENDARS} needed): ${errors.join("; ")}`;
    await db.$transaction(async (tx) => {
      const mine = await completeJobs(tx, "stamp", due.map((j) => j.id));
      const held = due.filter((j) => mine.has(j.id));
      const giveUp = held.filter((j) => j.data.attempt >= MAX_STAMP_ATTEMPTS);
      const retry = held.filter((j) => j.data.attempt < MAX_STAMP_ATTEMPTS);
      counts.retrying = await markRefused(tx, retry.map((j) => j.data.proofId), "queued", reason);
      counts.failed = await markRefused(tx, giveUp.map((j) => j.data.proofId), "failed", `Timestamping gave up after ${MAX_STAMP_ATTEMPTS} attempts: ${reason}`);
      const next = retry.map((j) => ({ data: { proofId: j.data.proofId, attempt: j.data.attempt + 1 }, startAfter: new Date(now.getTime() + stampBackoffMs(j.data.attempt)) }));
      await enqueueMany("stamp", next, { tx });
    });
    return counts;
  }

  for (const r of answered) mergeTimestamp(root, r.timestamp);
  const note = errors.length ? `Not accepted by ${errors.join("; ")}` : null;
  await db.$transaction(
    async (tx) => {
      const mine = await completeJobs(tx, "stamp", due.map((j) => j.id));
      const items = due.flatMap((j, i) => (mine.has(j.id) ? [{ id: j.data.proofId, ots: serializeOtsFile(files[i]) }] : []));
      const submitted = await markSubmitted(tx, items, answered.map((r) => r.url), note, now);
      counts.submitted = submitted.length;
      const firstCheck = new Date(now.getTime() + env.OTS_INTERVAL_S * 1000);
      await enqueueMany("timestamp-upgrade", submitted.map((p) => ({ data: { proofId: p.id, check: 1 }, startAfter: firstCheck })), { tx });
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  return counts;
}
