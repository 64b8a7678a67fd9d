import "server-only";
import { db } from "@/lib/platform/db";
import { scopeWhere, type ActivityScope } from "@/lib/domain/activity/scope";

/**
 * The figures that open the activity timeline and the dashboard cards. Counted in SQL over the
 * whole history: the timeline itself is paged, so counting the events the screen has loaded would undercount.
 *
 * A recipient is a person, not a link visit: the same address on two links (or twice on one) counts once, compared
 * without case, as the recipient gave it. Someone who declined the agreement on every visit is no recipient of the
 * idea (their events stay on the timeline, with their own figures).
 *
 * Reading time is a plain sum of the views' figures: lib/domain/engagement already counts each person's reports against
 * their wall-clock time across all their views of the idea (parallel tabs, browsers, visits, links), so the sum for
 * one address never exceeds the time they spent viewing plus a few seconds.
 */

/** Totals for one idea or room: links ever created (revoked ones too), distinct recipients, accepted agreements, views, reading time. */
export type ActivitySummary = { links: number; recipients: number; agreements: number; views: number; readingSeconds: number };

/** One recipient's own figures (their group on the timeline), keyed by the lower-cased e-mail. */
export type ActivityRecipientSummary = { email: string; name: string; views: number; readingSeconds: number; agreements: number; declined: boolean };

const seconds = (ms: bigint | number | null) => Math.round(Number(ms ?? 0) / 1000);

/** The figures of an idea (by its id) or of any scope: an idea's, a room's (over the room's links). */
export async function activitySummary(scope: number | ActivityScope): Promise<{ summary: ActivitySummary; people: ActivityRecipientSummary[] }> {
  const where = scopeWhere(typeof scope === "number" ? { ideaId: scope } : scope);
  const [[totals], people] = await Promise.all([
    db.$queryRaw<{ links: number; agreements: number; views: number; readingMs: bigint | null }[]>`
      SELECT (SELECT COUNT(*)::int FROM "Share" WHERE ${where.linksSql('"Share"')}) AS "links",
             (SELECT COUNT(*)::int FROM "NdaAcceptance" WHERE ${where.linksSql('"NdaAcceptance"')}) AS "agreements",
             COUNT(v."id")::int AS "views",
             SUM(v."engagementMs")::bigint AS "readingMs"
      FROM "ViewEvent" v WHERE ${where.viewsSql}`,
    db.$queryRaw<{ email: string; name: string; views: number; readingMs: bigint | null; agreements: number; declined: boolean }[]>`
      SELECT lower(r."email") AS "email",
             (array_agg(r."name" ORDER BY r."createdAt" DESC, r."id" DESC))[1] AS "name",
             COALESCE(SUM(v."views"), 0)::int AS "views",
             COALESCE(SUM(v."ms"), 0)::bigint AS "readingMs",
             COUNT(n."id")::int AS "agreements",
             bool_and(r."declinedAt" IS NOT NULL) AS "declined"
      FROM "Recipient" r
      JOIN "Share" s ON s."id" = r."shareId"
      LEFT JOIN (SELECT "recipientId", COUNT(*) AS "views", SUM("engagementMs") AS "ms"
                 FROM "ViewEvent" WHERE ${where.viewsSql} AND "recipientId" IS NOT NULL GROUP BY "recipientId") v ON v."recipientId" = r."id"
      LEFT JOIN "NdaAcceptance" n ON n."recipientId" = r."id"
      WHERE ${where.linksSql("s")}
      GROUP BY lower(r."email")
      ORDER BY lower(r."email")`,
  ]);
  return {
    summary: {
      links: totals?.links ?? 0,
      recipients: people.filter((p) => !p.declined).length,
      agreements: totals?.agreements ?? 0,
      views: totals?.views ?? 0,
      readingSeconds: seconds(totals?.readingMs ?? 0),
    },
    people: people.map((p) => ({ email: p.email, name: p.name, views: p.views, readingSeconds: seconds(p.readingMs), agreements: p.agreements, declined: p.declined })),
  };
}
