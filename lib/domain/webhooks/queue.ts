import "server-only";
import crypto from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { adoptOrphans, enqueue, enqueueMany, liveJobWith } from "@/lib/platform/jobs";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "@/lib/domain/validation/webhooks";

/**
 * An event becomes one WebhookDelivery row per subscribed endpoint, written with (or right after) the change it
 * reports, and one "webhooks" job per delivery in the same transaction. Each attempt is a job: the library claims it
 * and holds its lease; the row is the record owners see (status, attempts, the next attempt's time, the log).
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
 * nothing when the owner has no endpoint, and their jobs, in the caller's transaction (or one of its own). The body
 * is built here once ({id, type, createdAt, data}) and sent as stored on every attempt. Returns the new deliveries'
 * ids (kickWebhookDeliveries, once the write is committed, attempts them at once on Vercel).
 */
export async function queueWebhookEvent(client: Client, event: WebhookEvent, now = new Date()): Promise<string[]> {
  if (client === db) return db.$transaction((tx) => queueWebhookEvent(tx, event, now));
  const tx = client as Prisma.TransactionClient;
  const rows = await tx.$queryRaw<{ id: string }[]>`
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
  await enqueueMany("webhooks", rows.map((r) => ({ data: { deliveryId: r.id } })), { tx });
  return rows.map((r) => r.id);
}

/**
 * 'Send test event': one delivery to that endpoint only. No job yet: the request attempts it itself (nobody else
 * can hold a delivery without a job); a retry is queued as a job like any other.
 */
export async function createTestDelivery(endpointId: string, now = new Date()): Promise<string> {
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

/** Deletes delivered and failed deliveries older than the retention, so the table does not grow forever. */
export async function pruneFinishedDeliveries(now: Date): Promise<number> {
  const { count } = await db.webhookDelivery.deleteMany({
    where: { status: { in: ["delivered", "failed"] }, createdAt: { lt: new Date(now.getTime() - DELIVERY_RETENTION_MS) } },
  });
  return count;
}

/** A pending delivery with what an attempt needs (its endpoint null when deleted meanwhile). */
export type DueDelivery = { id: string; endpointId: string; payload: string; attempts: number; createdAt: Date; eventType: string };

export async function pendingDelivery(id: string) {
  return db.webhookDelivery.findFirst({
    where: { id, status: "pending" },
    select: { id: true, endpointId: true, payload: true, attempts: true, createdAt: true, eventType: true, endpoint: { select: { url: true, secretCiphertext: true } } },
  });
}

export type AttemptRecord = {
  delivery: DueDelivery;
  at: Date;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The delivery's state after this attempt, and when to try again if still pending. */
  status: "pending" | "delivered" | "failed";
  nextAttemptAt: Date;
};

/** Writes an attempt's outcome and its log row, and queues the next attempt's job if one is due. */
export async function recordAttempt(tx: Prisma.TransactionClient, r: AttemptRecord) {
  const attempt = r.delivery.attempts + 1;
  await tx.webhookDelivery.update({
    where: { id: r.delivery.id },
    data: {
      attempts: attempt,
      status: r.status,
      nextAttemptAt: r.nextAttemptAt,
      lastAttemptAt: r.at,
      lastStatusCode: r.statusCode,
      lastError: r.error,
      ...(r.status === "delivered" ? { deliveredAt: r.at } : {}),
    },
  });
  await tx.webhookAttempt.create({
    data: { deliveryId: r.delivery.id, attempt, attemptedAt: r.at, ok: r.ok, statusCode: r.statusCode, durationMs: r.durationMs, error: r.error },
  });
  if (r.status === "pending") await enqueue("webhooks", { deliveryId: r.delivery.id }, { tx, startAfter: r.nextAttemptAt });
}

/**
 * A job for each pending delivery that has none (left by a release before the job queue, or given up after crashes).
 * Not one just created: a test event is attempted by its request before it has a job.
 */
export function adoptPendingDeliveries(now = new Date()) {
  return adoptOrphans("webhooks", (tx) =>
    tx.$queryRaw<{ data: { deliveryId: string }; startAfter: Date }[]>`
      SELECT jsonb_build_object('deliveryId', d."id") AS data, d."nextAttemptAt" AS "startAfter" FROM "WebhookDelivery" d
      WHERE d."status" = 'pending' AND d."createdAt" < ${utc(new Date(now.getTime() - 5 * 60_000))}
        AND NOT ${liveJobWith("webhooks", "deliveryId", Prisma.sql`d."id"`)}`,
  );
}
