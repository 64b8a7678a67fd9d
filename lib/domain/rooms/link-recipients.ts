import "server-only";
import { db } from "@/lib/platform/db";
import { ownedRoomOr404 } from "@/lib/domain/rooms";
import { LINK_FIELDS, recipientsByLinkId, type IdeaRecipients } from "@/lib/domain/shares/recipient-evidence";

/**
 * GET /api/rooms/{id}/recipients: the recipients of each of the room's links that is not revoked, by link id, each list
 * as GET /api/shares/{id}/recipients gives it (what the room's page watches while it is open). Two statements whatever
 * the number of links; another creator's room or an unknown id is a 404 'Room not found'.
 */
export async function listRoomRecipients(ownerId: string, roomId: string): Promise<IdeaRecipients> {
  const room = await ownedRoomOr404(ownerId, roomId);
  const shares = await db.share.findMany({ where: { roomId: room.id, revokedAt: null }, select: LINK_FIELDS });
  return recipientsByLinkId(shares);
}
