import "server-only";
import { hotPathPool, telemetryPool } from "@/lib/db";
import { NotFoundError, RateLimitError } from "@/lib/api/errors";
import { allowed, rateLimitHitSql } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { isReading } from "@/lib/shares/gate";
import { INVALID_LINK, isTokenShaped, secretHashes, SHARE_TYPE_FROM_DB, type RecipientSecrets } from "@/lib/shares/access";
import type { IdeaKind } from "@/lib/generated/prisma/client";
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
WITH rl AS (${rateLimitHitSql("$6", "$7::int")}),
v AS (
  SELECT "id", "engagementMs", COALESCE("pageCount", $4::int) AS "pageCount",
         clock_timestamp() AT TIME ZONE 'UTC' AS "at",
         (EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - COALESCE("lastEngagementAt", "viewedAt")) * 1000)::bigint AS "sincePrevious",
         (EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - "viewedAt") * 1000)::bigint AS "sinceStart"
  FROM "ViewEvent" WHERE "recipientId" = $1 AND (SELECT "count" FROM rl) <= $8
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
SELECT v."id", v."pageCount", (SELECT COALESCE(SUM("ms"), 0) FROM clipped)::int AS "stored",
       rl."count" > $8 AS "limited", GREATEST(1, CEIL(EXTRACT(EPOCH FROM (rl."resetAt"::timestamptz - now()))))::int AS "retryAfter"
FROM rl LEFT JOIN v ON TRUE`;

type Accounted = { id: string | null; pageCount: number | null; stored: number | null; limited: boolean; retryAfter: number };

/**
 * Runs the accounting for the recipient's current view, with the recipient's report limit counted in the same
 * statement (the route's throughput budget is half a no-op handler's: every round trip counts). Null: no view.
 */
async function account(recipientId: string, pages: EngagementInput["pages"], pageCount: number | null) {
  const [limit] = rateLimits.engagement(recipientId);
  const { rows } = await telemetryPool().query<Accounted>(ACCOUNT_SQL, [
    recipientId,
    pages.map((p) => p.n),
    pages.map((p) => p.ms),
    pageCount,
    ENGAGEMENT_SLACK_MS,
    limit.key,
    limit.windowSeconds,
    allowed(limit),
  ]);
  const row = rows[0];
  if (row.limited) throw new RateLimitError(row.retryAfter);
  return row.id === null ? null : { pageCount: row.pageCount, stored: row.stored ?? 0 };
}

type ReaderRow = {
  shareType: string; maxViews: number | null; viewCount: number; revokedAt: number | null; expiresAt: number | null; passcodeHash: string | null;
  allowedEmails: string[] | null; allowedDomains: string[] | null;
  ideaId: number; ownerId: string; kind: IdeaKind; pdfAssetId: string | null;
  recipientId: string | null; agreedToNda: boolean | null; emailVerifiedAt: number | null; viewWindowEndsAt: number | null; declinedAt: number | null;
  passcodeGivenAt: number | null;
};
const fromEpochMs = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * The link behind `token` and this browser's newest recipient of it, in one statement through the hot-path pool
 * (the route's throughput budget leaves room for two round trips: this and the accounting): the fields the reader
 * gate reads, and the idea's for counting its pages. Times come back as epoch milliseconds (the columns hold UTC).
 */
async function readerOfToken(token: string, hashes: string[]) {
  if (!isTokenShaped(token)) return null;
  const epoch = (column: string) => `(EXTRACT(EPOCH FROM ${column}) * 1000)::float8`;
  const { rows } = await hotPathPool().query<ReaderRow>(
    `SELECT s."shareType"::text AS "shareType", s."maxViews", s."viewCount", ${epoch(`s."revokedAt"`)} AS "revokedAt",
            ${epoch(`s."expiresAt"`)} AS "expiresAt", s."passcodeHash", s."allowedEmails", s."allowedDomains", i."id" AS "ideaId", i."ownerId", i."kind"::text AS "kind", i."pdfAssetId",
            r."id" AS "recipientId", r."agreedToNda", ${epoch(`r."emailVerifiedAt"`)} AS "emailVerifiedAt",
            ${epoch(`r."viewWindowEndsAt"`)} AS "viewWindowEndsAt", ${epoch(`r."declinedAt"`)} AS "declinedAt",
            ${epoch(`r."passcodeGivenAt"`)} AS "passcodeGivenAt"
     FROM "Share" s JOIN "Idea" i ON i."id" = s."ideaId"
     LEFT JOIN LATERAL (
       SELECT "id", "agreedToNda", "emailVerifiedAt", "viewWindowEndsAt", "declinedAt", "passcodeGivenAt" FROM "Recipient"
       WHERE "shareId" = s."id" AND "secretHash" = ANY($2::text[]) ORDER BY "createdAt" DESC LIMIT 1
     ) r ON TRUE
     WHERE s."accessLink" = $1`,
    [token, hashes],
  );
  const row = rows[0];
  if (!row) return null;
  const share = {
    shareType: SHARE_TYPE_FROM_DB[row.shareType],
    maxViews: row.maxViews,
    viewCount: row.viewCount,
    revokedAt: fromEpochMs(row.revokedAt),
    expiresAt: fromEpochMs(row.expiresAt),
    passcodeHash: row.passcodeHash,
    allowedEmails: row.allowedEmails ?? [],
    allowedDomains: row.allowedDomains ?? [],
    idea: { id: row.ideaId, ownerId: row.ownerId, kind: row.kind, pdfAssetId: row.pdfAssetId },
  };
  const recipient =
    row.recipientId === null
      ? null
      : {
          id: row.recipientId,
          agreedToNda: row.agreedToNda === true,
          emailVerifiedAt: fromEpochMs(row.emailVerifiedAt),
          viewWindowEndsAt: fromEpochMs(row.viewWindowEndsAt),
          declinedAt: fromEpochMs(row.declinedAt),
          passcodeGivenAt: fromEpochMs(row.passcodeGivenAt),
        };
  return { share, recipient };
}

/**
 * POST /api/share/{token}/engagement: the reader's report of reading time per page or section, for this browser's
 * agreed (and, on an e-mail link, verified) recipient inside its view window — the one reader gate
 * (lib/shares/gate.ts isReading, on rows read through the hot-path pool); anyone else gets the link's one 404.
 * Two statements: the link with the recipient, then the accounting (with the recipient's report limit, 429 past it).
 * Returns the milliseconds stored.
 */
export async function recordEngagement(token: string, secrets: RecipientSecrets, input: EngagementInput): Promise<number> {
  const hashes = secretHashes(secrets);
  const found = hashes.length === 0 ? null : await readerOfToken(token, hashes);
  if (!found || !isReading(found.share, found.recipient)) throw new NotFoundError(INVALID_LINK);
  const { share, recipient } = found;
  let result = await account(recipient.id, input.pages, null);
  // The view's first report: fix N (a PDF's page list is kept per file; an HTML idea's sections are counted once).
  if (result && result.pageCount === null) result = await account(recipient.id, input.pages, await documentPageCount(share.idea));
  if (!result) throw new NotFoundError(INVALID_LINK);
  return result.stored;
}
