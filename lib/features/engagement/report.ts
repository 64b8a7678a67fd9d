import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { telemetryPool } from "@/lib/platform/db";
import { NotFoundError, RateLimitError, ValidationError } from "@/lib/platform/http/errors";
import { ITEM_NOT_FOUND } from "@/lib/domain/rooms/recipient";
import { allowed, rateLimitHitSql } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { readingSql } from "@/lib/domain/gate";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { isTokenShaped, secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import type { IdeaKind } from "@/lib/generated/prisma/client";
import { documentPageCount } from "@/lib/domain/engagement/document";
import type { EngagementInput } from "@/lib/domain/validation/engagement";
import { ENGAGEMENT_SLACK_MS } from "@/lib/domain/engagement";

/**
 * The reading-time report of POST /api/share/{token}/engagement. It sits in lib/features, not lib/domain, because its
 * one statement also counts the request limit (rateLimits.engagement, keyed on the recipient the gate finds in that
 * same statement): the route's throughput budget leaves no room for a look-up of the recipient before it, and the
 * domain counts no request limits. The rules it applies are the domain's (the reader gate, the page count, the slack).
 */

/** The reader gate as SQL over the recipient `r` and its link `s` (lib/domain/gate/index.ts): it holds no parameters. */
const READING = readingSql();
if (READING.values.length > 0) throw new Error("readingSql() is expected to hold no parameters");

/**
 * The whole report in ONE statement, so that it costs one round trip (the route's throughput budget is half a no-op
 * handler's) and concurrent reports queue on row locks, each seeing the time the one before it counted:
 *
 * 1. reader: the link behind the token ($1) and this browser's newest recipient of it (secret hashes $2) that READS
 *    it now — the one reader gate, lib/domain/gate/index.ts readingSql; no row at all for anyone else (the link's 404),
 *    and then nothing below runs on any row: no report is counted against anyone.
 *    Its idea: an idea link's, or on a room link the item the report names ($10) while it is in the room (none
 *    otherwise: the caller answers 400 or 404). The view below is the reader's newest view of that idea.
 * 2. rl: the reader's report limit (key prefix $7 + its id, window $8 s, $9 allowed), counted only for a reader.
 * 3. v: its newest view, locked, unless over the limit.
 * 4. budget: the report's total is offered up to the wall-clock time since the view's previous report (or its start)
 *    plus the slack ($6), and to what remains of the time since the view started plus the slack once. Pages outside
 *    1..N are dropped, N being fixed on the view at its first report ($5 supplies it then; without it nothing is
 *    counted and the caller learns the view still needs one).
 * 5. clock: the same for the PERSON, whose views may run in parallel (several tabs, browsers, visits or links of the
 *    idea under one address; the owner's screens add them up per address). The person's ReadingClock row holds the
 *    stretch of wall-clock time their last report was counted against; this one is placed right after it (or after
 *    the view's previous report, if later) and may not run past now plus the slack. So the stretches counted for a
 *    person never overlap and all lie inside their views' wall-clock time: whatever is summed per person (the
 *    activity summary, the share screen's 'Reading time' and chart, a spreadsheet over the CSV) is at most the
 *    wall-clock time of their viewing plus the slack (once per sitting). The row is upserted (ON CONFLICT DO UPDATE
 *    works on the row's newest version, waiting for a concurrent report of the same person), and it returns the
 *    stretch it counted: what the report was granted, every page keeping its share. Only a report with something to
 *    count touches it. Every report takes the view's row first and the person's second, so none waits crosswise.
 *
 * Why a row written at report time, and not per-person totals computed when the owner reads them (the union of each
 * view's [start, last report])? The figures stored per view are then already honest, so every sum over them is too,
 * whoever adds them up (the share screen adds a recipient's views in the browser; the CSV has one row per view), and
 * the report stays one statement: a per-person total read from the person's other views would come from the
 * statement's snapshot, blind to a concurrent report that committed while this one waited, where the upsert sees
 * the newest row.
 *
 * Timestamps are UTC wall time, like every column Prisma writes.
 */
const REPORT_SQL = `
WITH reader AS (
  SELECT r."id", lower(r."email") AS "email", i."id" AS "ideaId", i."ownerId", COALESCE(iv."kind", i."kind")::text AS "kind",
         CASE WHEN iv."id" IS NULL THEN i."pdfAssetId" ELSE iv."pdfAssetId" END AS "pdfAssetId", iv."version",
         s."roomId" IS NOT NULL AS "inRoom"
  FROM "Share" s
  -- A room link reads the item the report names ($10), while it is in the room; an idea link its idea.
  LEFT JOIN "RoomItem" ri ON ri."roomId" = s."roomId" AND ri."ideaId" = $10::int
  LEFT JOIN "Idea" i ON i."id" = COALESCE(s."ideaId", ri."ideaId")
  -- The version the link (or the item) shows (lib/domain/gate/shown-version.ts): its pages or sections are what is read.
  -- The latest publication is the Idea row itself; only a link pinned to an older version reads that version's row.
  LEFT JOIN "IdeaVersion" iv ON iv."ideaId" = i."id" AND iv."status" = 'published' AND iv."version" = COALESCE(ri."pinnedVersion", s."pinnedVersion") AND iv."version" <> i."version"
  JOIN LATERAL (
    SELECT r."id", r."email" FROM "Recipient" r
    WHERE r."shareId" = s."id" AND r."secretHash" = ANY($2::text[]) AND ${READING.sql}
    ORDER BY r."createdAt" DESC LIMIT 1
  ) r ON TRUE
  WHERE s."accessLink" = $1
),
rl AS (${rateLimitHitSql(`$7 || reader."id"`, "$8::int", "reader")}),
v AS (
  SELECT "id", "engagementMs", COALESCE("pageCount", $5::int) AS "pageCount",
         clock_timestamp() AT TIME ZONE 'UTC' AS "at", COALESCE("lastEngagementAt", "viewedAt") AS "previous",
         (EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - COALESCE("lastEngagementAt", "viewedAt")) * 1000)::bigint AS "sincePrevious",
         (EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - "viewedAt") * 1000)::bigint AS "sinceStart"
  FROM "ViewEvent" WHERE "recipientId" = (SELECT "id" FROM reader) AND "ideaId" = (SELECT "ideaId" FROM reader) AND (SELECT "count" FROM rl) <= $9
  ORDER BY "viewedAt" DESC, "id" DESC LIMIT 1
  FOR UPDATE
),
input AS (
  SELECT t."n", SUM(t."ms")::bigint AS "ms"
  FROM unnest($3::int[], $4::int[]) AS t("n", "ms"), v
  WHERE t."n" BETWEEN 1 AND v."pageCount" AND t."ms" > 0
  GROUP BY t."n"
),
budget AS (
  SELECT LEAST(b."claimed", GREATEST(0, LEAST(v."sincePrevious" + $6, v."sinceStart" + $6 - v."engagementMs"))) AS "offered", b."claimed"
  FROM v, (SELECT COALESCE(SUM("ms"), 0) AS "claimed" FROM input) b
),
clock AS (
  INSERT INTO "ReadingClock" AS c ("ideaId", "email", "countedFrom", "countedUntil")
  SELECT reader."ideaId", reader."email", v."previous", v."previous" + b."offered" * interval '1 millisecond'
  FROM reader, v, budget b WHERE b."offered" > 0
  ON CONFLICT ("ideaId", "email") DO UPDATE
  -- From the later of the person's last counted instant and this view's previous report, the offered time, but not
  -- past now plus the slack. (EXCLUDED carries the view's previous report and the offered time as from and until.)
  SET "countedFrom" = GREATEST(c."countedUntil", EXCLUDED."countedFrom"),
      "countedUntil" = LEAST(GREATEST(c."countedUntil", EXCLUDED."countedFrom") + (EXCLUDED."countedUntil" - EXCLUDED."countedFrom"),
                             GREATEST(GREATEST(c."countedUntil", EXCLUDED."countedFrom"), (SELECT "at" FROM v) + $6 * interval '1 millisecond'))
  RETURNING (EXTRACT(EPOCH FROM c."countedUntil" - c."countedFrom") * 1000)::bigint AS "granted"
),
clipped AS (
  SELECT i."n", (CASE WHEN b."claimed" <= g."granted" THEN i."ms" ELSE floor(i."ms" * g."granted"::numeric / b."claimed") END)::int AS "ms"
  FROM input i, budget b, clock g
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
SELECT reader."ideaId", reader."inRoom", reader."ownerId", reader."kind", reader."pdfAssetId", reader."version",
       v."id" AS "viewId", v."pageCount", (SELECT COALESCE(SUM("ms"), 0) FROM clipped)::int AS "stored",
       rl."count" > $9 AS "limited", GREATEST(1, CEIL(EXTRACT(EPOCH FROM (rl."resetAt"::timestamptz - now()))))::int AS "retryAfter"
FROM reader JOIN rl ON TRUE LEFT JOIN v ON TRUE`;

type Reported = {
  ideaId: number; inRoom: boolean; ownerId: string; kind: IdeaKind; pdfAssetId: string | null; version: number | null;
  viewId: string | null; pageCount: number | null; stored: number | null; limited: boolean; retryAfter: number;
};

export const ROOM_REPORT_NEEDS_IDEA = "ideaId is required: name the document of the room the time was spent on";

/** The report limit's shape; its key is the policy's prefix followed by the recipient's id (rateLimits.engagement). */
const [REPORT_LIMIT] = rateLimits.engagement("");

/**
 * Runs REPORT_SQL: null when the gate refuses (or the reader has no view); 429 past the report limit.
 *
 * As a named prepared statement: parsing and planning a statement of this size cost PostgreSQL about four times what
 * executing it does (measured: ~1.2 ms of backend CPU per report unnamed, ~0.25 ms prepared), and on the report route
 * that was most of the work per request. pg prepares it once per pooled connection. (A transaction-mode pooler in
 * front of PostgreSQL must pass prepared statements through, e.g. PgBouncer ≥ 1.21 with max_prepared_statements.)
 */
async function report(token: string, hashes: string[], input: EngagementInput, pageCount: number | null) {
  const { pages } = input;
  const client = await telemetryPool().connect();
  let rows: Reported[];
  try {
    await client.query("BEGIN");
    rows = (await client.query<Reported>(reportStatement(token, hashes, input, pageCount))).rows;
    const row = rows[0];
    // Time counted against a view is evidence of reading: its entry commits with it.
    if (row && !row.limited && row.viewId !== null && row.pageCount !== null && (row.stored ?? 0) > 0) {
      await appendEvidence(client, {
        ideaId: row.ideaId,
        type: "reading.reported",
        data: { viewId: row.viewId, storedMs: row.stored ?? 0, pageCount: row.pageCount, pages: pages.map((p) => ({ n: p.n, ms: p.ms })) },
      });
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  const row = rows[0];
  if (!row) return null;
  if (row.limited) throw new RateLimitError(row.retryAfter);
  // A room link's report names its item: without one it is malformed; with one no longer (or never) in the room, 404.
  if (row.inRoom && input.ideaId === undefined) throw new ValidationError(ROOM_REPORT_NEEDS_IDEA);
  if (row.inRoom && row.ideaId === null) throw new NotFoundError(ITEM_NOT_FOUND);
  return row.viewId === null ? null : row;
}

function reportStatement(token: string, hashes: string[], { pages, ideaId }: EngagementInput, pageCount: number | null) {
  return {
    name: "engagement-report",
    text: REPORT_SQL,
    values: [
      token,
      hashes,
      pages.map((p) => p.n),
      pages.map((p) => p.ms),
      pageCount,
      ENGAGEMENT_SLACK_MS,
      REPORT_LIMIT.key,
      REPORT_LIMIT.windowSeconds,
      allowed(REPORT_LIMIT),
      ideaId ?? null,
    ],
  };
}

/**
 * POST /api/share/{token}/engagement: the reader's report of reading time per page or section, for this browser's
 * agreed (and, on an e-mail link, verified) recipient inside its view window — the one reader gate
 * (lib/domain/gate/index.ts, as SQL inside the report's own statement); anyone else gets the link's one 404. One round
 * trip; a view's first report takes a second one, after counting the idea's pages once (N, fixed on the view).
 * Returns the milliseconds stored.
 */
export async function recordEngagement(token: string, secrets: RecipientSecrets, input: EngagementInput): Promise<number> {
  const hashes = secretHashes(secrets);
  if (hashes.length === 0 || !isTokenShaped(token)) throw new NotFoundError(INVALID_LINK);
  let result = await report(token, hashes, input, null);
  // The view's first report: fix N (a PDF's page list is kept per file; an HTML idea's sections are counted once).
  if (result && result.pageCount === null) {
    const idea = { id: result.ideaId, ownerId: result.ownerId, kind: result.kind, pdfAssetId: result.pdfAssetId, version: result.version };
    result = await report(token, hashes, input, await documentPageCount(idea));
  }
  if (!result) throw new NotFoundError(INVALID_LINK);
  return result.stored ?? 0;
}
