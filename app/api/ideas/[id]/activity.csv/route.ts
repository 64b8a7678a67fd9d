import { ownerRoute } from "@/lib/api/routes";
import { activityCsv } from "@/lib/activity";
import { downloadResponse } from "@/lib/http/download";
import { ideaIdParam } from "@/lib/ideas/id";

// GET /api/ideas/{id}/activity.csv — the whole timeline as a spreadsheet download (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const { fileName, csv } = await activityCsv(user.id, params.id);
    return downloadResponse(Buffer.from(csv, "utf8"), fileName, "text/csv; charset=utf-8");
  },
});
