import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/** Whose activity: one idea's, or one room's (the events of the room's links). */
export type ActivityScope = { ideaId: number } | { roomId: string };

type ScopeWhere = {
  /** Share and NdaAcceptance rows (both carry the idea's and the room's id). */
  links: { ideaId: number } | { roomId: string };
  changes: Prisma.ShareChangeWhereInput;
  comments: Prisma.CommentWhereInput;
  /** `links` in SQL, on the table or alias `table`. */
  linksSql: (table: string) => Prisma.Sql;
  /** ViewEvent rows in SQL, its columns unqualified. */
  viewsSql: Prisma.Sql;
  /** Evidence-log entries (table `e`) that may stand for one of the timeline's events. */
  logSql: Prisma.Sql;
  /** The ideas a view names in its detail; null: an idea's views show the idea itself. */
  viewedIdeas: Prisma.IdeaWhereInput | null;
};

/** The ideas and ids of the comments and replies made through a room's links. */
const roomCommentsSql = (roomId: string) => Prisma.sql`SELECT c."ideaId", c."id" FROM "Comment" c
  JOIN "Recipient" r ON r."id" = c."recipientId" JOIN "Share" s ON s."id" = r."shareId" WHERE s."roomId" = ${roomId}`;

/**
 * The where-clauses that pick a scope's records out of each table the timeline and its figures read. An idea's links,
 * acceptances, link changes, comments and views carry its id (a room link's views of the idea too: they showed it).
 * A room's links and acceptances carry the room's id; its link changes, views and comments are found through its links.
 */
export function scopeWhere(scope: ActivityScope): ScopeWhere {
  if ("ideaId" in scope) {
    const { ideaId } = scope;
    return {
      links: { ideaId },
      changes: { ideaId },
      comments: { ideaId },
      linksSql: (table: string) => Prisma.sql`${Prisma.raw(`${table}."ideaId"`)} = ${ideaId}`,
      viewsSql: Prisma.sql`"ideaId" = ${ideaId}`,
      // The idea's whole log.
      logSql: Prisma.sql`e."ideaId" = ${ideaId}`,
      viewedIdeas: null,
    };
  }
  const { roomId } = scope;
  const viewsSql = Prisma.sql`"shareId" IN (SELECT "id" FROM "Share" WHERE "roomId" = ${roomId})`;
  return {
    links: { roomId },
    changes: { share: { roomId } },
    // A room link's comments are on its ideas; the recipient's link says which came through the room.
    comments: { recipient: { share: { roomId } } },
    linksSql: (table: string) => Prisma.sql`${Prisma.raw(`${table}."roomId"`)} = ${roomId}`,
    viewsSql,
    // A room link's events are logged once in each log of the ideas the room held then (lib/domain/evidence-log
    // appendLinkEvidence): a link created, a recipient identified, an agreement accepted or declined has one entry
    // per idea, none of which is the event's, so those events carry no log reference. A view is in exactly one log,
    // the idea it showed (its detail names that idea), and so are a comment and its replies (the idea commented on):
    // only those are mapped.
    logSql: Prisma.sql`((e."type" = 'view'
      AND e."ideaId" IN (SELECT DISTINCT "ideaId" FROM "ViewEvent" WHERE ${viewsSql})
      AND (e."data"::jsonb ->> 'shareId') IN (SELECT "id" FROM "Share" WHERE "roomId" = ${roomId}))
      OR (e."type" IN ('comment', 'reply') AND (e."ideaId", e."data"::jsonb ->> 'commentId') IN (${roomCommentsSql(roomId)})))`,
    viewedIdeas: { views: { some: { share: { roomId } } } },
  };
}
