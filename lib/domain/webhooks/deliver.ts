import "server-only";
import { after } from "next/server";
import type PgBoss from "pg-boss";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { completeJobs, runJobsFor, type JobPayloads } from "@/lib/platform/jobs";
import { decrypt } from "@/lib/platform/crypto";
import { adoptPendingDeliveries, pendingDelivery, pruneFinishedDeliveries, recordAttempt } from "@/lib/domain/webhooks/queue";
import { postWebhook } from "@/lib/domain/webhooks/post";
import { SIGNATURE_HEADER, signatureHeader } from "@/lib/domain/webhooks/signature";

/** Deliveries are retried for this long after their event, then given up ('failed'). */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** After the n-th failed attempt: 30 s, 2 min, 8 min, 32 min, ~2 h, then every 6 h (within the 24 h). */
export function retryDelayMs(attempt: number) {
  return Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 6 * 3600_000);
}

export function secretContext(endpointId: string) {
  return `webhook-secret:${endpointId}`;
}

export type DeliveryStatus = "delivered" | "pending" | "failed";

/**
 * One attempt of a pending delivery: sign (t is the attempt's time), POST, then the outcome decides delivered /
 * retry / failed. The outcome, its log row and the next attempt's job are written together with the completion of
 * `job` (the "webhooks" job that asked for this attempt; none for the test event the request attempts itself), so
 * an attempt whose lease ran out writes nothing. Answers the delivery's new status (null: nothing to attempt).
 */
export async function attemptDelivery(deliveryId: string, job?: PgBoss.Job<JobPayloads["webhooks"]>, now = () => new Date()): Promise<DeliveryStatus | null> {
  // A job of the release before one job per delivery carries no id: the sweep gives its deliveries jobs.
  if (!deliveryId) return null;
  const delivery = await pendingDelivery(deliveryId);
  // Delivered or given up already, or deleted with its endpoint (cascade): nothing is left to write.
  if (!delivery?.endpoint) return null;
  const at = now();
  const secret = decrypt(Buffer.from(delivery.endpoint.secretCiphertext), secretContext(delivery.endpointId)).toString("utf8");
  const outcome = await postWebhook(delivery.endpoint.url, delivery.payload, {
    "Content-Type": "application/json",
    "User-Agent": "IdeaVault-Webhooks/1.0",
    [SIGNATURE_HEADER]: signatureHeader(secret, delivery.payload, at),
    "IdeaVault-Event": delivery.eventType,
    "IdeaVault-Delivery": delivery.id,
  });
  const ok = outcome.kind === "response" && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const statusCode = outcome.kind === "response" ? outcome.statusCode : null;
  const error = outcome.kind === "error" ? outcome.error : ok ? null : `HTTP ${statusCode}`;
  const retryAt = new Date(at.getTime() + retryDelayMs(delivery.attempts + 1));
  const giveUp = (outcome.kind === "error" && outcome.refused) || retryAt.getTime() > delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = ok ? "delivered" : giveUp ? "failed" : "pending";
  return db.$transaction(async (tx) => {
    if (job && !(await completeJobs(tx, "webhooks", [job.id])).has(job.id)) return null;
    await recordAttempt(tx, { delivery, at, ok, statusCode, durationMs: outcome.durationMs, error, status, nextAttemptAt: status === "pending" ? retryAt : at });
    return status;
  });
}

/** The periodic webhook job: finished deliveries past their retention go, and a pending one without a job gets one. */
export async function sweepWebhookDeliveries(now = new Date()) {
  return { pruned: await pruneFinishedDeliveries(now), adopted: await adoptPendingDeliveries() };
}

/** How long a serverless function stays up after its response to attempt the deliveries it queued. */
const KICK_BUDGET_MS = 60_000;

/**
 * Deliveries an event just queued (their jobs committed with them) are attempted within a second by a long-running
 * server's workers. On Vercel, where no worker runs between requests, the function works the queue after its
 * response (Next's `after` keeps it alive for that) rather than waiting for the cron call; the request that caused
 * the event never waits.
 */
export function kickWebhookDeliveries(ids: string[]) {
  if (!ids.length || !getEnv().VERCEL) return;
  try {
    after(async () => {
      await runJobsFor("webhooks", ({ deliveryId }, job) => attemptDelivery(deliveryId, job), KICK_BUDGET_MS, { maintain: false }).catch((err: unknown) => {
        console.error("[webhooks] delivery run failed", err);
      });
    });
  } catch {
    // `after` throws synchronously outside a request scope.
  }
}
