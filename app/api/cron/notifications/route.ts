import { cronRoute } from "@/lib/features/api/routes";
import { runDueJobs, runQueueNow } from "@/lib/features/jobs/worker";

// Each burst is one mail; a slow mail provider holds only its own burst.
export const maxDuration = 300;

// GET /api/cron/notifications — queue the visits that ended, then mail the owners every recipient burst whose window has closed and every proof newly anchored in Bitcoin, and retry the share invitations that are due (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => {
    // First, so a visit that ended is mailed by this same call.
    const visits = await runQueueNow("visits-ended", 20_000);
    const { ran } = await runDueJobs("owner-mail", 190_000);
    const anchored = await runDueJobs("anchored-mail", 20_000);
    const invitations = await runDueJobs("invitations", 20_000);
    return Response.json({ visits, bursts: ran, anchored: anchored.ran, invitations: invitations.ran, sweep: await runQueueNow("notifications", 20_000) });
  },
});
