import { ownerRoute } from "@/lib/features/api/routes";
import { downloadResponse } from "@/lib/platform/http/download";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { roomActivityCsv } from "@/lib/domain/rooms/activity";

// GET /api/rooms/{id}/activity.csv — the room's whole timeline as a spreadsheet download (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(ROOM_NOT_FOUND) },
  handler: async ({ user, params }) => {
    const { fileName, csv } = await roomActivityCsv(user.id, params.id);
    return downloadResponse(Buffer.from(csv, "utf8"), fileName, "text/csv; charset=utf-8");
  },
});
