import { cronRoute } from "@/lib/features/api/routes";
import { runQueueNow } from "@/lib/features/jobs/worker";

// One tree over every changed log: 10,000 logs take seconds, not minutes.
export const maxDuration = 60;

// GET /api/cron/log-anchors — anchor the heads of every evidence log changed since its last anchor (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => Response.json(await runQueueNow("log-anchors", 50_000)),
});
