import { cronRoute } from "@/lib/api/routes";
import { runWebhookDeliveries } from "@/lib/webhooks/deliver";

// Attempts run 8 at a time, each at most 10 s plus its DNS check.
export const maxDuration = 300;

// GET /api/cron/webhooks — attempt every due webhook delivery (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => Response.json(await runWebhookDeliveries()),
});
