import "server-only";
import { runWebhookDeliveries } from "@/lib/webhooks/deliver";

/** Short: a delivery whose retry is due goes out within seconds; a run with nothing due is one indexed query. */
export const WEBHOOK_INTERVAL_MS = 5_000;

const g = globalThis as unknown as { __ideavaultWebhookTimer?: NodeJS.Timeout; __ideavaultWebhookRunning?: boolean };

/**
 * The webhook queue's worker inside a long-running server (`npm run dev` / `npm start`): retries when they are
 * due, and whatever an after-response kick could not finish (a server restarted in between). Serverless
 * deployments use the cron call (GET /api/cron/webhooks) instead.
 */
export function startWebhookScheduler() {
  if (g.__ideavaultWebhookTimer) clearInterval(g.__ideavaultWebhookTimer);
  const tick = async () => {
    if (g.__ideavaultWebhookRunning) return;
    g.__ideavaultWebhookRunning = true;
    try {
      const counts = await runWebhookDeliveries();
      if (counts.claimed) console.log(`[webhooks] ${JSON.stringify(counts)}`);
    } catch (err) {
      console.error("[webhooks] delivery run failed", err);
    } finally {
      g.__ideavaultWebhookRunning = false;
    }
  };
  g.__ideavaultWebhookTimer = setInterval(() => void tick(), WEBHOOK_INTERVAL_MS);
  g.__ideavaultWebhookTimer.unref();
}
