import { parseRouteId } from "@/lib/domain/validation/route-id";
import "server-only";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { parseOptionalIdeaId } from "@/lib/domain/ideas/id";
import { ownedShareOr404, SHARE_NOT_FOUND } from "@/lib/domain/shares/owned";
import { SHARE_TYPE_LABELS, type ShareTypeValue } from "@/lib/domain/validation/sharing";

/**
 * The owner's reading overview (GET /api/activity, /dashboard/activity): every reader of every idea and room link the
 * owner has, one row per recipient and document read (a room link's reader has a row per item they opened; one who
 * opened nothing yet has one row for the link's idea, or none named for a room).
 *
 * 'Hot' readers are the HOT_READERS rows with the most reading time counted in the last HOT_DAYS days; they come first,
 * most time first, and every other row follows newest activity first. Reading time per view is already bounded by
 * the reader's wall-clock time (lib/features/engagement/report.ts), so these sums are honest too. A view's time counts
 * as recent when its last report (or its start) falls inside the window: views are short, a visit has no finer clock.
 *
 * Three statements whatever the number of readers (plus one ownership check per filter): the readers, and the
 * owner's ideas and links the filters offer.
 */

export const HOT_READERS = 5;
export const HOT_DAYS = 7;
/** The overview shows at most this many rows (hot ones included); the rest are older and on each idea's screen. */
export const READERS_MAX = 500;

export type ActivityReader = {
  /** Stable per row: the recipient's id and the idea read. */
  key: string;
  recipientId: string;
  name: string;
  email: string;
  idea: { id: number; title: string } | null;
  room: { id: string; name: string } | null;
  link: { id: string; name: string | null; type: ShareTypeValue; label: string };
  lastActivityAt: string;
  visits: number;
  readingSeconds: number;
  recentReadingSeconds: number;
  /** Share of the document's pages (or sections) with reading time, 0..1; null before any report fixed their number. */
  completion: number | null;
  pagesRead: number;
  pageCount: number | null;
  agreed: boolean;
  declined: boolean;
  hot: boolean;
};

export type ActivityFilterOption = { id: string; label: string };
export type ActivityOverview = {
  readers: ActivityReader[];
  truncated: boolean;
  filters: { ideas: ActivityFilterOption[]; links: ActivityFilterOption[] };
};

type ReaderRow = {
  recipientId: string; name: string; email: string; ideaId: number | null; ideaTitle: string | null; roomId: string | null; roomName: string | null;
  shareId: string; shareName: string | null; shareType: ShareTypeValue; lastAt: string; visits: number; ms: bigint; recentMs: bigint;
  pagesRead: number; pageCount: number | null; agreed: boolean; declined: boolean; hot: boolean; total: number;
};

const seconds = (ms: bigint | number) => Math.round(Number(ms) / 1000);
const iso = (column: string) => Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The owner's links as SQL over `s`: a link of one of their ideas or rooms (ownedLinkWhere's rule). */
const ownedLinkSql = (ownerId: string) => Prisma.sql`(s."ideaId" IN (SELECT "id" FROM "Idea" WHERE "ownerId" = ${ownerId})
  OR s."roomId" IN (SELECT "id" FROM "Room" WHERE "ownerId" = ${ownerId}))`;

function readersSql(ownerId: string, ideaId: number | null, shareId: string | null) {
  return Prisma.sql`
WITH links AS (
  SELECT s."id", s."name", s."shareType"::text AS "type", s."ideaId", s."roomId" FROM "Share" s
  WHERE ${ownedLinkSql(ownerId)} AND (${shareId}::text IS NULL OR s."id" = ${shareId}::text)
),
views AS (
  SELECT v."recipientId", v."ideaId", COUNT(*)::int AS "visits", SUM(v."engagementMs")::bigint AS "ms",
         COALESCE(SUM(v."engagementMs") FILTER (WHERE COALESCE(v."lastEngagementAt", v."viewedAt") >= (now() AT TIME ZONE 'UTC') - make_interval(days => ${HOT_DAYS}::int)), 0)::bigint AS "recentMs",
         MAX(COALESCE(v."lastEngagementAt", v."viewedAt")) AS "lastAt", MAX(v."pageCount") AS "pageCount"
  FROM "ViewEvent" v JOIN links l ON l."id" = v."shareId"
  WHERE v."recipientId" IS NOT NULL
  GROUP BY v."recipientId", v."ideaId"
),
pages AS (
  SELECT v."recipientId", v."ideaId", COUNT(DISTINCT e."n")::int AS "pagesRead"
  FROM "ViewEvent" v JOIN links l ON l."id" = v."shareId" JOIN "ViewEngagement" e ON e."viewId" = v."id"
  WHERE v."recipientId" IS NOT NULL AND e."ms" > 0
  GROUP BY v."recipientId", v."ideaId"
),
rows AS (
  SELECT r."id" AS "recipientId", r."name", r."email", COALESCE(vw."ideaId", l."ideaId") AS "ideaId", l."roomId",
         l."id" AS "shareId", l."name" AS "shareName", l."type" AS "shareType",
         GREATEST(r."createdAt", r."emailVerifiedAt", r."declinedAt", vw."lastAt", n."acceptedAt") AS "lastAt",
         COALESCE(vw."visits", 0) AS "visits", COALESCE(vw."ms", 0) AS "ms", COALESCE(vw."recentMs", 0) AS "recentMs",
         COALESCE(p."pagesRead", 0) AS "pagesRead", vw."pageCount", n."acceptedAt" IS NOT NULL AS "agreed", r."declinedAt" IS NOT NULL AS "declined"
  FROM "Recipient" r JOIN links l ON l."id" = r."shareId"
  LEFT JOIN views vw ON vw."recipientId" = r."id"
  LEFT JOIN pages p ON p."recipientId" = r."id" AND p."ideaId" = vw."ideaId"
  LEFT JOIN LATERAL (SELECT MAX("acceptedAt") AS "acceptedAt" FROM "NdaAcceptance" WHERE "recipientId" = r."id") n ON TRUE
),
ranked AS (
  SELECT *, ("recentMs" > 0 AND ROW_NUMBER() OVER (ORDER BY "recentMs" DESC, "lastAt" DESC, "recipientId") <= ${HOT_READERS}) AS "hot"
  FROM rows WHERE (${ideaId}::int IS NULL OR "ideaId" = ${ideaId}::int)
)
SELECT k."recipientId", k."name", k."email", k."ideaId", i."title" AS "ideaTitle", k."roomId", rm."name" AS "roomName",
       k."shareId", k."shareName", k."shareType", ${iso('k."lastAt"')} AS "lastAt", k."visits", k."ms", k."recentMs",
       k."pagesRead", k."pageCount", k."agreed", k."declined", k."hot", (COUNT(*) OVER ())::int AS "total"
FROM ranked k
LEFT JOIN "Idea" i ON i."id" = k."ideaId"
LEFT JOIN "Room" rm ON rm."id" = k."roomId"
ORDER BY k."hot" DESC, (CASE WHEN k."hot" THEN k."recentMs" END) DESC NULLS LAST, k."lastAt" DESC, k."recipientId", k."ideaId"
LIMIT ${READERS_MAX}`;
}

function linkLabel(l: { name: string | null; type: ShareTypeValue }) {
  return l.name ? `${l.name} (${SHARE_TYPE_LABELS[l.type]})` : SHARE_TYPE_LABELS[l.type];
}

function toReader(r: ReaderRow): ActivityReader {
  const completion = r.pageCount ? Math.min(1, r.pagesRead / r.pageCount) : null;
  return {
    key: `${r.recipientId}:${r.ideaId ?? "-"}`,
    recipientId: r.recipientId,
    name: r.name,
    email: r.email,
    idea: r.ideaId !== null && r.ideaTitle !== null ? { id: r.ideaId, title: r.ideaTitle } : null,
    room: r.roomId !== null && r.roomName !== null ? { id: r.roomId, name: r.roomName } : null,
    link: { id: r.shareId, name: r.shareName, type: r.shareType, label: linkLabel({ name: r.shareName, type: r.shareType }) },
    lastActivityAt: r.lastAt,
    visits: r.visits,
    readingSeconds: seconds(r.ms),
    recentReadingSeconds: seconds(r.recentMs),
    completion,
    pagesRead: r.pagesRead,
    pageCount: r.pageCount,
    agreed: r.agreed,
    declined: r.declined,
    hot: r.hot,
  };
}

/** The filters' choices: the owner's ideas by title, and their links (each named with what it opens), newest first. */
async function filterOptions(ownerId: string): Promise<ActivityOverview["filters"]> {
  const [ideas, links] = await Promise.all([
    db.idea.findMany({ where: { ownerId }, select: { id: true, title: true }, orderBy: [{ title: "asc" }, { id: "asc" }] }),
    db.$queryRaw<{ id: string; name: string | null; type: ShareTypeValue; target: string | null }[]>`
      SELECT s."id", s."name", s."shareType"::text AS "type", COALESCE(i."title", rm."name") AS "target"
      FROM "Share" s LEFT JOIN "Idea" i ON i."id" = s."ideaId" LEFT JOIN "Room" rm ON rm."id" = s."roomId"
      WHERE ${ownedLinkSql(ownerId)}
      ORDER BY s."createdAt" DESC, s."id"`,
  ]);
  return {
    ideas: ideas.map((i) => ({ id: String(i.id), label: i.title.trim() || "Untitled Idea" })),
    links: links.map((l) => ({ id: l.id, label: `${linkLabel(l)} · ${l.target?.trim() || "Untitled"}` })),
  };
}

/**
 * GET /api/activity?ideaId=&shareId=: the overview, optionally narrowed to one of the owner's ideas (its links' and
 * its room readings) or links. A filter naming another creator's (or no) idea or link is that thing's 404.
 */
export async function readerOverview(ownerId: string, filter: { ideaId?: string; shareId?: string }): Promise<ActivityOverview> {
  const ideaId = parseOptionalIdeaId(filter.ideaId);
  // A shareId that cannot be one (a NUL, a stray character) is the same 404 as another owner's link.
  const shareId = filter.shareId ? parseRouteId(filter.shareId, SHARE_NOT_FOUND) : null;
  await Promise.all([
    ideaId === null ? null : ownedIdeaOr404(ownerId, ideaId, { select: { id: true } }),
    shareId === null ? null : ownedShareOr404(ownerId, shareId, { select: { id: true } }),
  ]);
  const [rows, filters] = await Promise.all([db.$queryRaw<ReaderRow[]>(readersSql(ownerId, ideaId, shareId)), filterOptions(ownerId)]);
  return { readers: rows.map(toReader), truncated: (rows[0]?.total ?? 0) > rows.length, filters };
}
