import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runQueueNow } from "@/lib/features/jobs/worker";

// Each attempt takes at most 10 s plus its DNS check.
export const maxDuration = 300;

// GET /api/cron/webhooks — attempt every due webhook delivery (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    // Attempts whose request ended before it could make them, and every due retry; then retention.
    const { ran } = await runDueJobs("webhooks", 240_000);
    return Response.json({ attempts: ran, sweep: await runQueueNow("webhooks-sweep", 30_000) });
  },
});
