import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runQueueNow } from "@/lib/features/jobs/worker";

// Each burst is one mail; a slow mail provider holds only its own burst.
export const maxDuration = 300;

// GET /api/cron/notifications — mail the owners every recipient burst whose window has closed (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    const { ran } = await runDueJobs("owner-mail", 250_000);
    return Response.json({ bursts: ran, sweep: await runQueueNow("notifications", 20_000) });
  },
});
