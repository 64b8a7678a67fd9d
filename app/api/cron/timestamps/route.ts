import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runQueueNow } from "@/lib/features/jobs/worker";

// Calendars and explorers get OTS_TIMEOUT_MS each; a run with slow ones still ends well within this.
export const maxDuration = 60;

// GET /api/cron/timestamps — one upgrade pass and one stamping pass (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    const result = await runQueueNow("timestamps", 40_000);
    // RFC 3161 tokens due for a retry (on Vercel no worker runs them; each authority gets at most 10 s).
    await runDueJobs("tsa", 5_000);
    return Response.json(result);
  },
});
