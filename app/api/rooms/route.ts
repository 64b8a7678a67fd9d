import { ownerRoute } from "@/lib/features/api/routes";
import { createRoom, listRooms } from "@/lib/domain/rooms";
import { createRoomSchema } from "@/lib/domain/validation/rooms";

// GET /api/rooms — the creator's rooms, last changed first: {rooms: [{id, name, note, itemCount, linkCount, updatedAt}]}
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await listRooms(user.id)),
});

// POST /api/rooms — create a room {name, note?, ideaIds?} (published ideas of the creator's, in that order): 201 with the room
export const POST = ownerRoute({
  body: createRoomSchema,
  handler: async ({ user, body }) => Response.json(await createRoom(user.id, body), { status: 201 }),
});
