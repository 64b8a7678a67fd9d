import "server-only";
import { getEnv } from "@/lib/platform/env";
import { submitToCalendar } from "@/lib/domain/timestamps/calendar";
import { buildBatch, mergeTimestamp, serializeOtsFile } from "@/lib/domain/timestamps/ots";
import { claimDue, markRetry, markSubmitted } from "@/lib/domain/timestamps/queue";

/** One tree per run: the calendars see one root however many items are queued. */
const MAX_BATCH = 10_000;
/** Refused batches are retried after 1, 2, 4 … minutes, at most an hour apart, for about a day. */
export const MAX_STAMP_ATTEMPTS = 30;
const stampBackoffMs = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

export type StampCounts = { queued: number; submitted: number; calendars: number; retrying: number; failed: number };

/** Claims every due queued digest, stamps them as one batch and stores each item's own proof. */
export async function runStampingPass(now = new Date()): Promise<StampCounts> {
  const env = getEnv();
  const leaseMs = 2 * env.OTS_TIMEOUT_MS + 60_000;
  const claimed = await claimDue("queued", now, leaseMs, MAX_BATCH);
  const counts: StampCounts = { queued: claimed.length, submitted: 0, calendars: 0, retrying: 0, failed: 0 };
  if (!claimed.length) return counts;

  const { files, root } = buildBatch(claimed.map((c) => Buffer.from(c.digest, "hex")));
  const rootMsg = Buffer.from(root.msg);
  const results = await Promise.all(env.OTS_CALENDARS.map((url) => submitToCalendar(url, rootMsg, env.OTS_TIMEOUT_MS)));
  const answered = results.filter((r) => r.ok);
  const errors = results.flatMap((r) => (r.ok ? [] : [r.error]));
  counts.calendars = answered.length;

  if (answered.length < env.OTS_MIN_CALENDARS) {
    const reason = `${answered.length} of ${results.length} calendars accepted the digest (${env.OTS_MIN_CALENDARS} needed): ${errors.join("; ")}`;
    const giveUp = claimed.filter((c) => c.attempts >= MAX_STAMP_ATTEMPTS);
    const retry = claimed.filter((c) => c.attempts < MAX_STAMP_ATTEMPTS);
    for (const attempts of new Set(retry.map((c) => c.attempts))) {
      const group = retry.filter((c) => c.attempts === attempts);
      counts.retrying += await markRetry(group, "queued", new Date(now.getTime() + stampBackoffMs(attempts)), reason);
    }
    if (giveUp.length) counts.failed += await markRetry(giveUp, "failed", now, `Timestamping gave up after ${MAX_STAMP_ATTEMPTS} attempts: ${reason}`);
    return counts;
  }

  for (const r of answered) mergeTimestamp(root, r.timestamp);
  const items = claimed.map((c, i) => ({ id: c.id, attempts: c.attempts, ots: serializeOtsFile(files[i]) }));
  const note = errors.length ? `Not accepted by ${errors.join("; ")}` : null;
  counts.submitted = await markSubmitted(items, answered.map((r) => r.url), note, now);
  return counts;
}
