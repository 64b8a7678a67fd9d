import "server-only";
import { runWebhookDeliveries } from "@/lib/webhooks/deliver";
import { startIntervalJob } from "@/lib/server/interval-job";

/** Short: a delivery whose retry is due goes out within seconds; a run with nothing due is one indexed query. */
export const WEBHOOK_INTERVAL_MS = 5_000;

/**
 * The webhook queue's worker in a long-running server: retries when they are due, and whatever an after-response
 * kick could not finish (a server restarted in between). Serverless deployments use GET /api/cron/webhooks.
 */
export function startWebhookScheduler() {
  startIntervalJob({ name: "webhooks", intervalMs: WEBHOOK_INTERVAL_MS, run: runWebhookDeliveries, worthLogging: (counts) => counts.claimed > 0 });
}
