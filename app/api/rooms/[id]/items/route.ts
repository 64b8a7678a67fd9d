import { jsonBodyCheckedLater, ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { replaceRoomItems, ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { replaceRoomItemsSchema } from "@/lib/domain/validation/rooms";

// PUT /api/rooms/{id}/items — {items: [{ideaId, folder?, pinVersion?, allowDownload?}]}: the whole list in its order (≤ 100); the room
export const PUT = ownerRoute({
  params: { id: recordIdParam(ROOM_NOT_FOUND) },
  // A foreign room is a 404 before the list is judged (lib/domain/rooms replaceRoomItems).
  body: jsonBodyCheckedLater(replaceRoomItemsSchema, (data) => data),
  handler: async ({ user, params, body }) => Response.json(await replaceRoomItems(user.id, params.id, body)),
});
