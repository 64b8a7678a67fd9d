import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/platform/db";
import { ownedWebhookOr404, WEBHOOK_NOT_FOUND } from "@/lib/domain/webhooks/owned";
import { encrypt } from "@/lib/platform/crypto";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { createWebhookSchema, type CreateWebhookInput, type WebhookEventType } from "@/lib/domain/validation/webhooks";
import { assertAllowedWebhookUrl } from "@/lib/domain/webhooks/address";
import { attemptDelivery, secretContext } from "@/lib/domain/webhooks/deliver";
import { createTestDelivery } from "@/lib/domain/webhooks/queue";
import { newWebhookSecret } from "@/lib/domain/webhooks/signature";

export const MAX_WEBHOOKS_PER_ACCOUNT = 10;
/** Deliveries shown per endpoint in its log (with every attempt of each). */
export const LOG_SIZE = 20;
export { WEBHOOK_NOT_FOUND } from "@/lib/domain/webhooks/owned";

const endpointFields = { id: true, url: true, events: true, createdAt: true } as const;

type DeliveryRow = {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  createdAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  attemptLog: { attempt: number; attemptedAt: Date; ok: boolean; statusCode: number | null; durationMs: number; error: string | null }[];
};

function presentDelivery(d: DeliveryRow) {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.eventType,
    status: d.status,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt : null,
    attempts: d.attemptLog,
  };
}

const deliveryFields = {
  id: true, eventId: true, eventType: true, status: true, createdAt: true, nextAttemptAt: true, deliveredAt: true,
  attemptLog: {
    select: { attempt: true, attemptedAt: true, ok: true, statusCode: true, durationMs: true, error: true },
    orderBy: { attemptedAt: "desc" },
  },
} as const;

/** GET /api/webhooks: the account's endpoints, oldest first, each with its recent deliveries (newest first). Never a secret. */
export async function listWebhooks(userId: string) {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { ...endpointFields, deliveries: { select: deliveryFields, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: LOG_SIZE } },
  });
  return endpoints.map(({ deliveries, events, ...e }) => ({ ...e, events: events as WebhookEventType[], deliveries: deliveries.map(presentDelivery) }));
}

/**
 * POST /api/webhooks: the address is checked (scheme, and the host's addresses now: lib/domain/webhooks/address.ts), at
 * most MAX_WEBHOOKS_PER_ACCOUNT per account (counted under a lock on the account's row, so parallel calls cannot
 * pass it). The secret is answered this once; only its encryption is stored.
 */
export async function createWebhook(userId: string, raw: CreateWebhookInput) {
  const input = createWebhookSchema.parse(raw);
  await assertAllowedWebhookUrl(input.url);
  const secret = newWebhookSecret();
  const id = crypto.randomUUID();
  const created = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { userId } });
    if (count >= MAX_WEBHOOKS_PER_ACCOUNT) throw new ConflictError(`An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks. Delete one first.`);
    return tx.webhookEndpoint.create({
      data: { id, userId, url: input.url, events: input.events, secretCiphertext: new Uint8Array(encrypt(Buffer.from(secret, "utf8"), secretContext(id))) },
      select: endpointFields,
    });
  });
  return { ...created, events: created.events as WebhookEventType[], secret, deliveries: [] };
}

/** DELETE /api/webhooks/{id}: its queued deliveries and log go with it. Another account's id is a 404. */
export async function deleteWebhook(userId: string, id: string) {
  const deleted = await db.webhookEndpoint.deleteMany({ where: { id, userId } });
  if (deleted.count !== 1) throw new NotFoundError(WEBHOOK_NOT_FOUND);
}

/**
 * POST /api/webhooks/{id}/test: queues a `webhook.test` event for this endpoint and attempts it now, answering
 * the delivery with its first attempt (the caller asked for exactly this request, so it waits; at most the
 * request timeout). A failed attempt stays queued for retries like any delivery.
 */
export async function sendTestEvent(userId: string, id: string) {
  const endpoint = await ownedWebhookOr404(userId, id, { select: { id: true } });
  const deliveryId = await createTestDelivery(endpoint.id);
  await attemptDelivery(deliveryId);
  const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: deliveryFields });
  return presentDelivery(delivery);
}
