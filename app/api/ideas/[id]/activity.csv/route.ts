import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { activityCsv } from "@/lib/activity";
import { downloadResponse } from "@/lib/http/download";
import { parseIdeaId } from "@/lib/ideas/id";

// GET /api/ideas/{id}/activity.csv — the whole timeline as a spreadsheet download (owner only)
export const GET = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const { fileName, csv } = await activityCsv(user.id, parseIdeaId((await params).id));
  return downloadResponse(Buffer.from(csv, "utf8"), fileName, "text/csv; charset=utf-8");
});
