import "server-only";
import { db } from "@/lib/platform/db";
import { Prisma, type IdeaKind } from "@/lib/generated/prisma/client";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { VISITS_DEFAULT_LIMIT, type VisitsQuery } from "@/lib/domain/validation/visits";
import type { VisitPage } from "@/lib/domain/engagement/most-read";
import { readingUnitOf, type ReadingUnit } from "@/lib/domain/engagement/unit";

/**
 * Visits: one opening of the reader is one ViewEvent, its reading time per page the view's ViewEngagement rows. The
 * owner sees each visit on its own (when, how long, which pages), newest first; the visit-ended mail
 * (lib/domain/notifications/visit-ended.ts) summarises one the same way.
 */

export type { VisitPage };
export type Visit = {
  id: string;
  shareId: string;
  linkName: string | null;
  recipient: { name: string; email: string } | null;
  startedAt: string;
  lastActiveAt: string;
  timeMs: number;
  version: number | null;
  pageCount: number | null;
  /** What `pageCount`, `pagesRead` and `pages` count: a PDF idea's pages, any other idea's sections. */
  unit: ReadingUnit;
  /** Pages (or sections) with reading time. */
  pagesRead: number;
  /** Reading time per page (or section) with any, in order. */
  pages: VisitPage[];
};
export type VisitsPage = { visits: Visit[]; nextCursor: string | null };

type VisitRow = Omit<Visit, "recipient" | "pages" | "unit"> & {
  recipientName: string | null;
  recipientEmail: string | null;
  pages: VisitPage[] | null;
  ideaId: number;
  ideaKind: IdeaKind;
  ideaTitle: string;
};

const iso = (column: string) => Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One statement: the visits with their pages aggregated, so any number of visits costs the same. */
function visitsSql(where: Prisma.Sql, limit: number) {
  return Prisma.sql`
SELECT v."id", v."shareId", s."name" AS "linkName", r."name" AS "recipientName", r."email" AS "recipientEmail",
       ${iso('v."viewedAt"')} AS "startedAt", ${iso('COALESCE(v."lastEngagementAt", v."viewedAt")')} AS "lastActiveAt",
       v."engagementMs" AS "timeMs", v."version", v."pageCount", v."ideaId", i."kind" AS "ideaKind", i."title" AS "ideaTitle",
       (SELECT COUNT(*)::int FROM "ViewEngagement" e WHERE e."viewId" = v."id" AND e."ms" > 0) AS "pagesRead",
       (SELECT json_agg(json_build_object('n', e."n", 'ms', e."ms") ORDER BY e."n") FROM "ViewEngagement" e
         WHERE e."viewId" = v."id" AND e."ms" > 0) AS "pages"
FROM "ViewEvent" v
JOIN "Share" s ON s."id" = v."shareId"
JOIN "Idea" i ON i."id" = v."ideaId"
LEFT JOIN "Recipient" r ON r."id" = v."recipientId"
WHERE ${where}
ORDER BY v."viewedAt" DESC, v."id" DESC
LIMIT ${limit}`;
}

function toVisit({ recipientName, recipientEmail, pages, ideaId: _id, ideaKind, ideaTitle: _title, ...row }: VisitRow): Visit {
  return {
    ...row,
    recipient: recipientName !== null && recipientEmail !== null ? { name: recipientName, email: recipientEmail } : null,
    unit: readingUnitOf(ideaKind),
    pages: pages ?? [],
  };
}

/** GET /api/ideas/{id}/visits: the owner's idea's visits, newest first, `limit` a page; 404 for another owner's idea. */
export async function listVisits(ownerId: string, ideaId: number, query: VisitsQuery = {}): Promise<VisitsPage> {
  await ownedIdeaOr404(ownerId, ideaId, { select: { id: true } });
  const limit = query.limit ?? VISITS_DEFAULT_LIMIT;
  const conditions = [Prisma.sql`v."ideaId" = ${ideaId}`];
  if (query.shareId) conditions.push(Prisma.sql`v."shareId" = ${query.shareId}`);
  if (query.email) conditions.push(Prisma.sql`lower(r."email") = ${query.email}`);
  // Keyset paging: strictly after the cursor's visit in (viewedAt, id) order; an unknown cursor ends the list.
  if (query.cursor) {
    conditions.push(Prisma.sql`(v."viewedAt", v."id") < (SELECT c."viewedAt", c."id" FROM "ViewEvent" c WHERE c."id" = ${query.cursor} AND c."ideaId" = ${ideaId})`);
  }
  const rows = await db.$queryRaw<VisitRow[]>(visitsSql(Prisma.join(conditions, " AND "), limit + 1));
  const visits = rows.slice(0, limit).map(toVisit);
  return { visits, nextCursor: rows.length > limit ? visits[visits.length - 1].id : null };
}

/** One visit with the idea it showed (a room link's visit too), for its summary mail, in one statement; null when it is gone. */
export async function visitById(viewId: string): Promise<{ visit: Visit; idea: { id: number; title: string } } | null> {
  const [row] = await db.$queryRaw<VisitRow[]>(visitsSql(Prisma.sql`v."id" = ${viewId}`, 1));
  return row ? { visit: toVisit(row), idea: { id: row.ideaId, title: row.ideaTitle } } : null;
}
