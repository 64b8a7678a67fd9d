import "server-only";
import { db, hotPathPool } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { mayRead } from "@/lib/recipients";
import { inViewWindow, INVALID_LINK, isOpenFor, secretHashes, shareByToken, type RecipientSecrets } from "@/lib/shares/access";
import { documentPageCount } from "@/lib/engagement/document";
import type { EngagementInput } from "@/lib/validation/engagement";

/**
 * Slack a report may claim beyond the wall-clock time since the previous one (and, in total, since the view
 * started): the reader's clock starts before the view row is written and its batches do not leave on the exact second.
 */
export const ENGAGEMENT_SLACK_MS = 5_000;

/**
 * Counts one report into the recipient's current view, in ONE statement so that concurrent reports queue on the
 * view's row lock and the second sees the first's time: the report's total is clipped to the wall-clock time since
 * the view's previous report (or its start) plus the slack, and to what remains of the time since the view started
 * plus the slack once; when clipped, every page keeps its share of what is allowed. Pages outside 1..N are dropped,
 * N being fixed on the view at its first report ($4 supplies it then; without it nothing is counted and the
 * caller learns the view still needs one). Timestamps are UTC wall time, like every column Prisma writes.
 */
const ACCOUNT_SQL = `
WITH v AS (
  SELECT "id", "engagementMs", COALESCE("pageCount", $4::int) AS "pageCount",
         clock_timestamp() AT TIME ZONE 'UTC' AS "at",
         (EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - COALESCE("lastEngagementAt", "viewedAt")) * 1000)::bigint AS "sincePrevious",
         (EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - "viewedAt") * 1000)::bigint AS "sinceStart"
  FROM "ViewEvent" WHERE "recipientId" = $1
  ORDER BY "viewedAt" DESC, "id" DESC LIMIT 1
  FOR UPDATE
),
input AS (
  SELECT t."n", SUM(t."ms")::bigint AS "ms"
  FROM unnest($2::int[], $3::int[]) AS t("n", "ms"), v
  WHERE t."n" BETWEEN 1 AND v."pageCount" AND t."ms" > 0
  GROUP BY t."n"
),
budget AS (
  SELECT GREATEST(0, LEAST(v."sincePrevious" + $5, v."sinceStart" + $5 - v."engagementMs")) AS "allowed",
         (SELECT COALESCE(SUM("ms"), 0) FROM input) AS "claimed"
  FROM v
),
clipped AS (
  SELECT i."n", (CASE WHEN b."claimed" <= b."allowed" THEN i."ms" ELSE floor(i."ms" * b."allowed"::numeric / b."claimed") END)::int AS "ms"
  FROM input i, budget b
),
counted AS (
  INSERT INTO "ViewEngagement" ("viewId", "n", "ms")
  SELECT v."id", c."n", c."ms" FROM clipped c, v WHERE c."ms" > 0
  ON CONFLICT ("viewId", "n") DO UPDATE SET "ms" = "ViewEngagement"."ms" + EXCLUDED."ms"
  RETURNING 1
),
marked AS (
  UPDATE "ViewEvent" e
  SET "engagementMs" = e."engagementMs" + (SELECT COALESCE(SUM("ms"), 0) FROM clipped)::int,
      "lastEngagementAt" = GREATEST(COALESCE(e."lastEngagementAt", v."at"), v."at"),
      "pageCount" = v."pageCount"
  FROM v WHERE e."id" = v."id" AND v."pageCount" IS NOT NULL
  RETURNING 1
)
SELECT v."id", v."pageCount", (SELECT COALESCE(SUM("ms"), 0) FROM clipped)::int AS "stored" FROM v`;

type Accounted = { id: string; pageCount: number | null; stored: number };

async function account(recipientId: string, pages: EngagementInput["pages"], pageCount: number | null): Promise<Accounted | null> {
  const { rows } = await hotPathPool().query<Accounted>(ACCOUNT_SQL, [
    recipientId,
    pages.map((p) => p.n),
    pages.map((p) => p.ms),
    pageCount,
    ENGAGEMENT_SLACK_MS,
  ]);
  return rows[0] ?? null;
}

/**
 * POST /api/share/{token}/engagement: the reader's report of reading time per page or section, for this browser's
 * agreed (and, on an e-mail link, verified) recipient inside its view window — the gate GET /api/share/{token}
 * delivers content by; anyone else gets the link's one 404. Returns the milliseconds stored.
 */
export async function recordEngagement(token: string, secrets: RecipientSecrets, input: EngagementInput): Promise<number> {
  const share = await shareByToken(token);
  const hashes = secretHashes(secrets);
  if (!share || hashes.length === 0) throw new NotFoundError(INVALID_LINK);
  const recipient = await db.recipient.findFirst({ where: { shareId: share.id, secretHash: { in: hashes } }, orderBy: { createdAt: "desc" } });
  if (!recipient || !isOpenFor(share, recipient) || !mayRead(recipient, share.shareType) || !inViewWindow(recipient)) {
    throw new NotFoundError(INVALID_LINK);
  }
  await enforceRateLimits(rateLimits.engagement(recipient.id));
  let result = await account(recipient.id, input.pages, null);
  // The view's first report: fix N (a PDF's page list is kept per file; an HTML idea's sections are counted once).
  if (result && result.pageCount === null) result = await account(recipient.id, input.pages, await documentPageCount(share.idea));
  if (!result) throw new NotFoundError(INVALID_LINK);
  return result.stored;
}
