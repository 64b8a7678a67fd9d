import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { activityPageQuery } from "@/lib/domain/validation/activity";
import { ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { listRoomActivity } from "@/lib/domain/rooms/activity";

// GET /api/rooms/{id}/activity?offset=&limit= — the timeline of the room's links, newest first, one page (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(ROOM_NOT_FOUND) },
  query: activityPageQuery,
  handler: async ({ user, params, query }) => Response.json(await listRoomActivity(user.id, params.id, query)),
});
