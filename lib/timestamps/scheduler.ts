import "server-only";
import { getEnv } from "@/lib/env";
import { runTimestampJobs } from "@/lib/timestamps/jobs";

const g = globalThis as unknown as { __ideavaultTimestampTimer?: NodeJS.Timeout; __ideavaultTimestampRunning?: boolean };

/**
 * The timestamp job inside a long-running server (`npm run dev` / `npm start`): every OTS_INTERVAL_S seconds, never
 * two runs of this process at once, first run shortly after start. Serverless deployments use the cron call instead.
 */
export function startTimestampScheduler() {
  const seconds = getEnv().OTS_INTERVAL_S;
  if (g.__ideavaultTimestampTimer) clearInterval(g.__ideavaultTimestampTimer);
  g.__ideavaultTimestampTimer = undefined;
  if (!seconds) return;
  const tick = async () => {
    if (g.__ideavaultTimestampRunning) return;
    g.__ideavaultTimestampRunning = true;
    try {
      const { backfill, upgrade, stamp } = await runTimestampJobs();
      if (stamp.queued || upgrade.checked || backfill.ideas || backfill.agreements) console.log(`[timestamps] ${JSON.stringify({ backfill, upgrade, stamp })}`);
    } catch (err) {
      console.error("[timestamps] job run failed", err);
    } finally {
      g.__ideavaultTimestampRunning = false;
    }
  };
  g.__ideavaultTimestampTimer = setInterval(() => void tick(), seconds * 1000);
  g.__ideavaultTimestampTimer.unref();
  setTimeout(() => void tick(), Math.min(seconds, 15) * 1000).unref();
}
