import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runQueueNow } from "@/lib/features/jobs/worker";

// Attempts run 8 at a time, each at most 10 s plus its DNS check.
export const maxDuration = 300;

// GET /api/cron/webhooks — attempt every due webhook delivery (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    // Kicks whose function ended before it could attempt them, then every due delivery.
    await runDueJobs("webhooks", 30_000);
    return Response.json(await runQueueNow("webhooks-sweep", 240_000));
  },
});
