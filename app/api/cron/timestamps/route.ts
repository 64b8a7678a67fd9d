import { route } from "@/lib/api/handler";
import { authorizeCron } from "@/lib/api/cron-secret";
import { runQueueNow } from "@/lib/jobs/worker";

// Calendars and explorers get OTS_TIMEOUT_MS each; a run with slow ones still ends well within this.
export const maxDuration = 60;

// GET /api/cron/timestamps — one upgrade pass and one stamping pass (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = route(async (req) => {
  authorizeCron(req.headers.get("authorization"));
  return Response.json(await runQueueNow("timestamps", 50_000));
});
