import "server-only";
import { after } from "next/server";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { enqueue, runJobsFor } from "@/lib/platform/jobs";
import { decrypt } from "@/lib/platform/crypto";
import { claimDueDeliveries, pruneFinishedDeliveries, recordAttempt, type ClaimedDelivery } from "@/lib/domain/webhooks/queue";
import { postWebhook, WEBHOOK_TIMEOUT_MS } from "@/lib/domain/webhooks/post";
import { SIGNATURE_HEADER, signatureHeader } from "@/lib/domain/webhooks/signature";

/** Deliveries are retried for this long after their event, then given up ('failed'). */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** After the n-th failed attempt: 30 s, 2 min, 8 min, 32 min, ~2 h, then every 6 h (within the 24 h). */
export function retryDelayMs(attempt: number) {
  return Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 6 * 3600_000);
}
/** A claimed delivery is someone else's for this long: longer than its DNS check and request together. */
const LEASE_MS = 2 * WEBHOOK_TIMEOUT_MS + 30_000;
const CONCURRENCY = 8;
const MAX_PER_RUN = 500;

export function secretContext(endpointId: string) {
  return `webhook-secret:${endpointId}`;
}

export type DeliveryCounts = { claimed: number; delivered: number; retrying: number; failed: number };

/** One attempt: sign (t is the attempt's time), POST, then the outcome decides delivered / retry / failed. */
async function attempt(delivery: ClaimedDelivery, endpoint: { url: string; secretCiphertext: Uint8Array } | undefined, now: () => Date) {
  // Deleted meanwhile: its deliveries are gone with it (cascade), so nothing is left to write.
  if (!endpoint) return null;
  const at = now();
  const secret = decrypt(Buffer.from(endpoint.secretCiphertext), secretContext(delivery.endpointId)).toString("utf8");
  const outcome = await postWebhook(endpoint.url, delivery.payload, {
    "Content-Type": "application/json",
    "User-Agent": "IdeaVault-Webhooks/1.0",
    [SIGNATURE_HEADER]: signatureHeader(secret, delivery.payload, at),
    "IdeaVault-Event": delivery.eventType,
    "IdeaVault-Delivery": delivery.id,
  });
  const ok = outcome.kind === "response" && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const statusCode = outcome.kind === "response" ? outcome.statusCode : null;
  const error = outcome.kind === "error" ? outcome.error : ok ? null : `HTTP ${statusCode}`;
  const retryAt = new Date(at.getTime() + retryDelayMs(delivery.attempts));
  const giveUp = (outcome.kind === "error" && outcome.refused) || retryAt.getTime() > delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = ok ? "delivered" : giveUp ? "failed" : "pending";
  await recordAttempt({ delivery, at, ok, statusCode, durationMs: outcome.durationMs, error, status, nextAttemptAt: status === "pending" ? retryAt : at });
  return status;
}

/**
 * Claims due deliveries (all, or only `ids`: the ones an event just queued) and attempts each, at most
 * CONCURRENCY at a time. Several runs may overlap (the after-response kick, the interval, the cron call, other
 * instances): each only attempts what it claimed. A full run (not a kick for `ids`) first prunes old finished ones.
 */
export async function runWebhookDeliveries(opts: { ids?: string[]; now?: () => Date } = {}): Promise<DeliveryCounts> {
  const now = opts.now ?? (() => new Date());
  if (!opts.ids) await pruneFinishedDeliveries(now());
  const claimed = await claimDueDeliveries(now(), LEASE_MS, MAX_PER_RUN, opts.ids);
  const counts: DeliveryCounts = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  if (!claimed.length) return counts;
  const endpoints = new Map(
    (
      await db.webhookEndpoint.findMany({
        where: { id: { in: [...new Set(claimed.map((d) => d.endpointId))] } },
        select: { id: true, url: true, secretCiphertext: true },
      })
    ).map((e) => [e.id, e]),
  );
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next++];
      try {
        const status = await attempt(delivery, endpoints.get(delivery.endpointId), now);
        if (status === "delivered") counts.delivered++;
        else if (status === "pending") counts.retrying++;
        else if (status === "failed") counts.failed++;
      } catch (err) {
        // Left claimed: the lease runs out and a later run tries again.
        console.error(`[webhooks] delivery ${delivery.id} could not be attempted`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
  return counts;
}

const g = globalThis as unknown as { __ideavaultWebhookKicks?: Set<Promise<unknown>> };
const kicks = (g.__ideavaultWebhookKicks ??= new Set());

/** How long a serverless function stays up after its response to attempt the deliveries it queued. */
const KICK_BUDGET_MS = 60_000;

/**
 * Attempts just-queued deliveries at once rather than at the next sweep (the "within 5 s" budget), without making
 * the request that caused the event wait: a "webhooks" job is queued for them, which a long-running server's worker
 * takes within a second; on Vercel, where no worker runs between requests, the function runs the queue after its
 * response (Next's `after` keeps it alive for that). The deliveries are rows already: if the job is lost, the
 * sweep attempts them.
 */
export function kickWebhookDeliveries(ids: string[]) {
  if (!ids.length) return;
  const queued = enqueue("webhooks", { ids }).catch((err: unknown) => {
    console.error("[webhooks] could not queue a delivery job; the sweep attempts them", err);
  });
  kicks.add(queued);
  void queued.finally(() => kicks.delete(queued));
  if (!getEnv().VERCEL) return;
  try {
    after(async () => {
      await queued;
      await runJobsFor("webhooks", ({ ids }) => runWebhookDeliveries({ ids }), KICK_BUDGET_MS, { maintain: false }).catch((err: unknown) => {
        console.error("[webhooks] delivery run failed", err);
      });
    });
  } catch {
    // `after` throws synchronously outside a request scope.
  }
}

/** Waits until the kicks of this process are queued (tests, and a server shutting down). */
export async function settleWebhookKicks() {
  while (kicks.size) await Promise.all([...kicks]);
}
