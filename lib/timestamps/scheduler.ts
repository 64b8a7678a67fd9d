import "server-only";
import { getEnv } from "@/lib/env";
import { runTimestampJobs } from "@/lib/timestamps/jobs";
import { startIntervalJob, stopIntervalJob } from "@/lib/server/interval-job";

/**
 * The timestamp job in a long-running server: every OTS_INTERVAL_S seconds, first run shortly after start.
 * Serverless deployments use the cron call instead; OTS_INTERVAL_S=0 turns it off.
 */
export function startTimestampScheduler() {
  const seconds = getEnv().OTS_INTERVAL_S;
  stopIntervalJob("timestamps");
  if (!seconds) return;
  startIntervalJob({
    name: "timestamps",
    intervalMs: seconds * 1000,
    firstRunMs: Math.min(seconds, 15) * 1000,
    run: runTimestampJobs,
    worthLogging: ({ backfill, upgrade, stamp }) => Boolean(stamp.queued || upgrade.checked || backfill.ideas || backfill.agreements),
  });
}
