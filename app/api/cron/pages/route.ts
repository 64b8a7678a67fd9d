import { cronRoute } from "@/lib/features/api/routes";
import { runPageRenderJobs } from "@/lib/domain/reader/prerender";

// One run draws pages for about 20 s, then hands the file back to the next run.
export const maxDuration = 60;

// GET /api/cron/pages — draw the pages of newly published PDFs ahead of time, drop expired copies (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => Response.json(await runPageRenderJobs()),
});
