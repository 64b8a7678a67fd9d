import "server-only";
import { queueMissingProofs, type BackfillCounts } from "@/lib/domain/evidence/backfill";
import { runStampingPass, type StampCounts } from "@/lib/domain/timestamps/stamp";
import { runUpgradePass, type UpgradeCounts } from "@/lib/domain/timestamps/upgrade";

export type TimestampJobCounts = { backfill: BackfillCounts; upgrade: UpgradeCounts; stamp: StampCounts };

/**
 * One run of the timestamp job (a worker's periodic job or the cron call): first anything published or accepted before
 * proofs existed is queued (one query when nothing is: lib/domain/evidence/backfill.ts; on Vercel this is where it
 * happens, no instance start-up being a good place), then the upgrade pass (so proofs stamped in
 * this run get their first calendar check on the next one, not seconds after submission), then the stamping pass.
 * Safe to run from several places at once: each pass only touches the rows it claimed.
 */
export async function runTimestampJobs(at?: Date): Promise<TimestampJobCounts> {
  const backfill = await queueMissingProofs();
  // Read after the backfill, so what it queued is already due in this run.
  const now = at ?? new Date();
  const upgrade = await runUpgradePass(now);
  const stamp = await runStampingPass(now);
  return { backfill, upgrade, stamp };
}
