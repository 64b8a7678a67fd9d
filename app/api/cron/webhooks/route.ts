import { route } from "@/lib/api/handler";
import { authorizeCron } from "@/lib/api/cron-secret";
import { runWebhookDeliveries } from "@/lib/webhooks/deliver";

// Attempts run 8 at a time, each at most 10 s plus its DNS check.
export const maxDuration = 300;

// GET /api/cron/webhooks — attempt every due webhook delivery (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = route(async (req) => {
  authorizeCron(req.headers.get("authorization"));
  return Response.json(await runWebhookDeliveries());
});
