import { cronRoute } from "@/lib/api/routes";
import { runOwnerNotifications } from "@/lib/notifications/queue";

// Each burst is one mail; a slow mail provider holds only its own burst.
export const maxDuration = 300;

// GET /api/cron/notifications — mail the owners every recipient burst whose window has closed (Vercel Cron; Authorization: Bearer $CRON_SECRET)
export const GET = cronRoute({
  handler: async () => Response.json(await runOwnerNotifications()),
});
