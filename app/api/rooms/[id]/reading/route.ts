import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { roomReading } from "@/lib/domain/rooms/reading";

// GET /api/rooms/{id}/reading — {recipients: [{recipientId, name, email, items: [{ideaId, ms, pagesRead, pageCount}]}]} (an idea not opened is absent)
export const GET = ownerRoute({
  params: { id: recordIdParam(ROOM_NOT_FOUND) },
  handler: async ({ user, params }) => Response.json(await roomReading(user.id, params.id)),
});
