import "server-only";
import { db } from "@/lib/platform/db";
import { activityCsvOf, activityPage, type ActivityPageRequest, type OwnedActivity } from "@/lib/domain/activity";
import { ownedRoomOr404 } from "@/lib/domain/rooms";

/** The owner's live room as a timeline's scope: the events of its links (another owner's room, a deleted one: the 404). */
async function ownedRoomActivity(ownerId: string, roomId: string): Promise<OwnedActivity> {
  const room = await ownedRoomOr404(ownerId, roomId);
  const owner = await db.user.findUniqueOrThrow({ where: { id: ownerId }, select: { name: true } });
  return { scope: { roomId: room.id }, ownerName: owner.name, fileStem: `room-${room.id}` };
}

/** GET /api/rooms/{id}/activity: one page of the room's timeline, with the figures of its links' whole history. */
export async function listRoomActivity(ownerId: string, roomId: string, page: ActivityPageRequest = {}) {
  return activityPage(await ownedRoomActivity(ownerId, roomId), page);
}

/** GET /api/rooms/{id}/activity.csv: the room's whole timeline, newest first (the idea's CSV columns). */
export async function roomActivityCsv(ownerId: string, roomId: string) {
  return activityCsvOf(await ownedRoomActivity(ownerId, roomId));
}
