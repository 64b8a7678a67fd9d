import { cronRoute } from "@/lib/features/api/routes";
import { runQueueNow } from "@/lib/features/jobs/worker";

// Calendars and explorers get OTS_TIMEOUT_MS each; a run with slow ones still ends well within this.
export const maxDuration = 60;

// GET /api/cron/timestamps — one upgrade pass and one stamping pass (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => Response.json(await runQueueNow("timestamps", 50_000)),
});
