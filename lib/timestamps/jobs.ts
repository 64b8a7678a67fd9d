import "server-only";
import { runStampingPass, type StampCounts } from "@/lib/timestamps/stamp";
import { runUpgradePass, type UpgradeCounts } from "@/lib/timestamps/upgrade";

export type TimestampJobCounts = { upgrade: UpgradeCounts; stamp: StampCounts };

/**
 * One run of the timestamp job (cron call or in-process interval): first the upgrade pass (so proofs stamped in
 * this run get their first calendar check on the next one, not seconds after submission), then the stamping pass.
 * Safe to run from several places at once: each pass only touches the rows it claimed.
 */
export async function runTimestampJobs(now = new Date()): Promise<TimestampJobCounts> {
  const upgrade = await runUpgradePass(now);
  const stamp = await runStampingPass(now);
  return { upgrade, stamp };
}
