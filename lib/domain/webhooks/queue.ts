import "server-only";
import crypto from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "@/lib/domain/validation/webhooks";

/**
 * The webhook queue in PostgreSQL, like the timestamp job's (lib/domain/timestamps/queue.ts): an event becomes one
 * WebhookDelivery row per subscribed endpoint, written with (or right after) the change it reports; deliveries are
 * claimed with FOR UPDATE SKIP LOCKED and a lease, and the attempt number read at claim time fences the write of
 * the outcome, so two workers never send one delivery at the same time and a late write after a lost lease changes
 * nothing.
 */

type Client = Prisma.TransactionClient | typeof db;

/** Times are passed from JS (tests move the clock) and stored as UTC like Prisma does. */
function utc(d: Date) {
  return Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

export type WebhookEvent = {
  type: WebhookEventType;
  /** The idea the event is about: its owner's endpoints receive it, and `data` gets `ideaId` and `ideaTitle`. */
  ideaId: number;
  /** Ids, names and times only: never the idea's content. */
  data: Record<string, unknown>;
  /** One delivery per endpoint and key, however often the event is reported (a first view races with itself). */
  dedupeKey?: string;
};

export function newEventId() {
  return `evt_${crypto.randomBytes(16).toString("hex")}`;
}

/**
 * Queues `event` for every endpoint of the idea's owner that subscribed to its type: one statement, which inserts
 * nothing when the owner has no endpoint. The body is built here once ({id, type, createdAt, data}) and sent as
 * stored on every attempt. Returns the new deliveries' ids, for kickWebhookDeliveries once the write is committed.
 */
export async function queueWebhookEvent(client: Client, event: WebhookEvent, now = new Date()): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "eventType", "dedupeKey", "payload", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid()::text, e."id", v.event_id, ${event.type}, ${event.dedupeKey ?? null},
      jsonb_build_object('id', v.event_id, 'type', ${event.type}::text, 'createdAt', ${now.toISOString()}::text,
        'data', jsonb_build_object('ideaId', i."id", 'ideaTitle', i."title") || ${JSON.stringify(event.data)}::jsonb)::text,
      ${utc(now)}, ${utc(now)}
    FROM "Idea" i
    JOIN "WebhookEndpoint" e ON e."userId" = i."ownerId" AND ${event.type} = ANY(e."events")
    CROSS JOIN (SELECT ${newEventId()}::text AS event_id) v
    WHERE i."id" = ${event.ideaId}
    ON CONFLICT ("endpointId", "dedupeKey") DO NOTHING
    RETURNING "id"`;
  return rows.map((r) => r.id);
}

/** 'Send test event': one delivery to that endpoint only. */
export async function queueTestEvent(endpointId: string, now = new Date()): Promise<string> {
  const eventId = newEventId();
  const payload = JSON.stringify({
    id: eventId,
    type: WEBHOOK_TEST_EVENT,
    createdAt: now.toISOString(),
    data: { endpointId, message: "This is a test event from IdeaVault." },
  });
  const row = await db.webhookDelivery.create({
    data: { endpointId, eventId, eventType: WEBHOOK_TEST_EVENT, payload, createdAt: now, nextAttemptAt: now },
    select: { id: true },
  });
  return row.id;
}

/** Finished deliveries (and their attempt log) are kept this long for the endpoint's log, then deleted. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;

/** Deletes delivered and failed deliveries older than the retention, so the queue table does not grow forever. */
export async function pruneFinishedDeliveries(now: Date): Promise<number> {
  const { count } = await db.webhookDelivery.deleteMany({
    where: { status: { in: ["delivered", "failed"] }, createdAt: { lt: new Date(now.getTime() - DELIVERY_RETENTION_MS) } },
  });
  return count;
}

export type ClaimedDelivery = { id: string; endpointId: string; payload: string; attempts: number; createdAt: Date; eventType: string };

/** Due pending deliveries (or only `ids` among them), each leased for `leaseMs`. */
export async function claimDueDeliveries(now: Date, leaseMs: number, limit: number, ids?: string[]): Promise<ClaimedDelivery[]> {
  const only = ids ? Prisma.sql`AND "id" = ANY(${ids}::text[])` : Prisma.empty;
  return db.$queryRaw<ClaimedDelivery[]>`
    UPDATE "WebhookDelivery" SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${utc(new Date(now.getTime() + leaseMs))}
    WHERE "id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${utc(now)} ${only}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "endpointId", "payload", "attempts", "createdAt", "eventType"`;
}

export type AttemptRecord = {
  delivery: ClaimedDelivery;
  at: Date;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The delivery's state after this attempt, and when to try again if still pending. */
  status: "pending" | "delivered" | "failed";
  nextAttemptAt: Date;
};

/** Writes an attempt's outcome and its log row; nothing when another worker has taken the delivery since. */
export async function recordAttempt(r: AttemptRecord): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: r.delivery.id, attempts: r.delivery.attempts, status: "pending" },
      data: {
        status: r.status,
        nextAttemptAt: r.nextAttemptAt,
        lastAttemptAt: r.at,
        lastStatusCode: r.statusCode,
        lastError: r.error,
        ...(r.status === "delivered" ? { deliveredAt: r.at } : {}),
      },
    });
    if (updated.count !== 1) return false;
    await tx.webhookAttempt.create({
      data: { deliveryId: r.delivery.id, attempt: r.delivery.attempts, attemptedAt: r.at, ok: r.ok, statusCode: r.statusCode, durationMs: r.durationMs, error: r.error },
    });
    return true;
  });
}
