import "server-only";
import { db } from "@/lib/platform/db";

/** The dashboard card's figures for each of the given ideas (absent ideas have none): two grouped queries, whatever the count. */
export async function ideaCounts(ideaIds: number[]): Promise<Map<number, { viewCount: number; recipientCount: number }>> {
  const counts = new Map<number, { viewCount: number; recipientCount: number }>();
  if (ideaIds.length === 0) return counts;
  const [views, recipients] = await Promise.all([
    db.viewEvent.groupBy({ by: ["ideaId"], where: { ideaId: { in: ideaIds } }, _count: { _all: true } }),
    db.$queryRaw<{ ideaId: number; recipients: number }[]>`
      SELECT s."ideaId" AS "ideaId", COUNT(DISTINCT lower(r."email"))::int AS "recipients"
      FROM "Recipient" r JOIN "Share" s ON s."id" = r."shareId"
      -- Someone who declined the agreement is no recipient of the idea (a later visit that did not decline counts).
      WHERE s."ideaId" = ANY(${ideaIds}::int[]) AND r."declinedAt" IS NULL
      GROUP BY s."ideaId"`,
  ]);
  const entry = (id: number) => counts.get(id) ?? counts.set(id, { viewCount: 0, recipientCount: 0 }).get(id)!;
  for (const v of views) entry(v.ideaId).viewCount = v._count._all;
  for (const r of recipients) entry(r.ideaId).recipientCount = r.recipients;
  return counts;
}
