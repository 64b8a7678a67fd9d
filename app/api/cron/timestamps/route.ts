import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runDueJobsCounting, runQueueNow } from "@/lib/features/jobs/worker";

// Calendars and explorers get OTS_TIMEOUT_MS each; a run with slow ones still ends well within this.
export const maxDuration = 60;

// GET /api/cron/timestamps — the due calendar checks, then the due proofs as one batch (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    const periodic = await runQueueNow("timestamps", 5_000);
    const upgrade = await runDueJobsCounting("timestamp-upgrade", { checked: 0, upgraded: 0, confirmed: 0, pending: 0, failed: 0 }, 20_000);
    const stamp = await runDueJobsCounting("stamp", { queued: 0, submitted: 0, calendars: 0, retrying: 0, failed: 0 }, 15_000);
    // RFC 3161 tokens due for a retry (on Vercel no worker runs them; each authority gets at most 10 s).
    await runDueJobs("tsa", 5_000);
    return Response.json({ ...(periodic ?? {}), upgrade, stamp });
  },
});
