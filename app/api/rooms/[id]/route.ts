import { jsonBodyCheckedLater, ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { deleteRoom, ROOM_NOT_FOUND, roomForOwner, updateRoom } from "@/lib/domain/rooms";
import { updateRoomSchema } from "@/lib/domain/validation/rooms";

const params = { id: recordIdParam(ROOM_NOT_FOUND) };

// GET /api/rooms/{id} — the room: {id, name, note, items: [{ideaId, title, kind, version, pageCount, folder, pinVersion, allowDownload, position}], shares}
export const GET = ownerRoute({
  params,
  handler: async ({ user, params }) => Response.json(await roomForOwner(user.id, params.id)),
});

// PATCH /api/rooms/{id} — {name?, note?}
export const PATCH = ownerRoute({
  params,
  // An unknown or another creator's room is a 404 whatever the body says: lib/domain/rooms checks the body once the room is the caller's.
  body: jsonBodyCheckedLater(updateRoomSchema, (data) => data),
  handler: async ({ user, params, body }) => Response.json(await updateRoom(user.id, params.id, body)),
});

// DELETE /api/rooms/{id} — 204; 409 while a live link (not revoked, not expired) opens the room
export const DELETE = ownerRoute({
  params,
  handler: async ({ user, params }) => {
    await deleteRoom(user.id, params.id);
    return new Response(null, { status: 204 });
  },
});
