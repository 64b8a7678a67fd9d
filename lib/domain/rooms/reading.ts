import "server-only";
import { db } from "@/lib/platform/db";
import { ownedRoomOr404 } from "@/lib/domain/rooms";

type ReadingRow = { recipientId: string; name: string; email: string; ideaId: number | null; ms: number | null; pagesRead: number | null; pageCount: number | null };

/**
 * GET /api/rooms/{id}/reading: each recipient of the room's links with, per idea of the room they opened, the reading
 * time, the pages (or sections) read and the document's page count; an idea not opened is absent. Two statements
 * whatever the number of recipients and items (the room's ownership, then one aggregate).
 */
export async function roomReading(ownerId: string, roomId: string) {
  const room = await ownedRoomOr404(ownerId, roomId);
  const rows = await db.$queryRaw<ReadingRow[]>`
    SELECT r."id" AS "recipientId", r."name", r."email", v."ideaId",
           SUM(v."engagementMs")::int AS "ms", MAX(v."pageCount") AS "pageCount",
           (SELECT COUNT(DISTINCT e."n")::int FROM "ViewEngagement" e JOIN "ViewEvent" v2 ON v2."id" = e."viewId"
             WHERE v2."recipientId" = r."id" AND v2."shareId" = s."id" AND v2."ideaId" = v."ideaId") AS "pagesRead"
    FROM "Recipient" r
    JOIN "Share" s ON s."id" = r."shareId"
    LEFT JOIN "ViewEvent" v ON v."recipientId" = r."id" AND v."shareId" = s."id"
      AND v."ideaId" IN (SELECT ri."ideaId" FROM "RoomItem" ri WHERE ri."roomId" = ${room.id})
    WHERE s."roomId" = ${room.id}
    GROUP BY r."id", s."id", v."ideaId"
    ORDER BY r."createdAt", r."id", v."ideaId"`;
  const recipients = new Map<string, { recipientId: string; name: string; email: string; items: { ideaId: number; ms: number; pagesRead: number; pageCount: number | null }[] }>();
  for (const row of rows) {
    let entry = recipients.get(row.recipientId);
    if (!entry) recipients.set(row.recipientId, (entry = { recipientId: row.recipientId, name: row.name, email: row.email, items: [] }));
    if (row.ideaId !== null) entry.items.push({ ideaId: row.ideaId, ms: row.ms ?? 0, pagesRead: row.pagesRead ?? 0, pageCount: row.pageCount });
  }
  return { recipients: [...recipients.values()] };
}
