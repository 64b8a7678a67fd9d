import { ownerRoute } from "@/lib/features/api/routes";
import { activityCsv } from "@/lib/domain/activity";
import { downloadResponse } from "@/lib/platform/http/download";
import { ideaIdParam } from "@/lib/domain/ideas/id";

// GET /api/ideas/{id}/activity.csv — the whole timeline as a spreadsheet download (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const { fileName, csv } = await activityCsv(user.id, params.id);
    return downloadResponse(Buffer.from(csv, "utf8"), fileName, "text/csv; charset=utf-8");
  },
});
