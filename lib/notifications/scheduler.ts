import "server-only";
import { runOwnerNotifications } from "@/lib/notifications/queue";

/** A burst is mailed within this long after its window closed; a run with nothing due is one indexed query. */
export const OWNER_MAIL_INTERVAL_MS = 5_000;

const g = globalThis as unknown as { __ideavaultOwnerMailTimer?: NodeJS.Timeout; __ideavaultOwnerMailRunning?: boolean };

/**
 * The owner-mail job inside a long-running server (`npm run dev` / `npm start`), like the webhook worker: every few
 * seconds, never two runs of this process at once. The timer only decides when to look; what is due lives in
 * PostgreSQL, so other instances and the cron call (GET /api/cron/notifications, serverless) may send it instead.
 */
export function startOwnerNotificationScheduler() {
  if (g.__ideavaultOwnerMailTimer) clearInterval(g.__ideavaultOwnerMailTimer);
  const tick = async () => {
    if (g.__ideavaultOwnerMailRunning) return;
    g.__ideavaultOwnerMailRunning = true;
    try {
      const counts = await runOwnerNotifications();
      if (counts.mailed || counts.skipped || counts.failed) console.log(`[notifications] ${JSON.stringify(counts)}`);
    } catch (err) {
      console.error("[notifications] owner-mail run failed", err);
    } finally {
      g.__ideavaultOwnerMailRunning = false;
    }
  };
  g.__ideavaultOwnerMailTimer = setInterval(() => void tick(), OWNER_MAIL_INTERVAL_MS);
  g.__ideavaultOwnerMailTimer.unref();
}
