import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { listRoomRecipients } from "@/lib/domain/rooms/link-recipients";

// GET /api/rooms/{id}/recipients — the recipients of each of the room's links not revoked, by link id, as GET /api/shares/{id}/recipients answers them (owner only)
export const GET = ownerRoute({
  params: { id: recordIdParam(ROOM_NOT_FOUND) },
  handler: async ({ user, params }) => Response.json(await listRoomRecipients(user.id, params.id)),
});
