import "server-only";
import { runOwnerNotifications } from "@/lib/notifications/queue";
import { startIntervalJob } from "@/lib/server/interval-job";

/** A burst is mailed within this long after its window closed; a run with nothing due is one indexed query. */
export const OWNER_MAIL_INTERVAL_MS = 5_000;

/** The owner-mail job in a long-running server; serverless deployments use GET /api/cron/notifications. */
export function startOwnerNotificationScheduler() {
  startIntervalJob({
    name: "notifications",
    intervalMs: OWNER_MAIL_INTERVAL_MS,
    run: runOwnerNotifications,
    worthLogging: (counts) => Boolean(counts.mailed || counts.skipped || counts.failed),
  });
}
