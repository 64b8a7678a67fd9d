import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runQueueNow } from "@/lib/features/jobs/worker";

// Calendars and explorers get OTS_TIMEOUT_MS each; a run with slow ones still ends well within this.
export const maxDuration = 60;

// GET /api/cron/timestamps — the due calendar checks, then the due proofs as one batch (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    const periodic = await runQueueNow("timestamps", 5_000);
    const upgrade = await runDueJobs("timestamp-upgrade", 20_000);
    const stamp = await runDueJobs("stamp", 20_000);
    return Response.json({ ...(periodic ?? {}), upgrade: upgrade.results, stamp: stamp.results });
  },
});
