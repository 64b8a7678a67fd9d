import "server-only";
import { Prisma, type OwnerNotificationKind } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { sendEmail } from "@/lib/platform/email";
import { firstViewEmail, ndaAcceptedEmail, recipientActivityEmail } from "@/lib/platform/email/templates";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import type { ShareType } from "@/lib/generated/prisma/client";

/**
 * The owner's mails about a recipient's agreement and first view, one per burst: each event is a row
 * of "OwnerNotification", written when it happens; the events of one recipient within NOTIFY_BURST_S of the first
 * go out as one mail once that window has closed. PostgreSQL is the only source of truth, so any instance's job run
 * (a worker's periodic job, the cron call) may send a burst, whichever wrote its events:
 * - a run claims a burst by its first pending event, FOR UPDATE SKIP LOCKED, so two runs never take one burst;
 *   a later event of that recipient is not a burst's first while an earlier one is pending, so nobody takes a
 *   burst's tail alone;
 * - the mail is sent and the burst's events marked done in that same transaction: a run that dies before the commit
 *   leaves them pending (and unlocked) for the next run;
 * - a failed mail rolls back and is retried with a growing delay, then given up ('failed').
 * Webhooks are not batched: they are queued per event (lib/domain/webhooks/queue.ts).
 */

/** Times are passed from JS (tests move the clock) and stored as UTC like Prisma does. */
function utc(d: Date) {
  return Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

export function burstWindowMs() {
  return getEnv().NOTIFY_BURST_S * 1000;
}

/** Queued events are the owner's for the switch of their kind; the column it reads. */
const SWITCH: Record<OwnerNotificationKind, Prisma.Sql> = {
  ndaAccepted: Prisma.sql`u."notifyNdaAccepted"`,
  firstView: Prisma.sql`u."notifyFirstView"`,
};

/**
 * Queues one event, nothing when the owner's switch for its kind is off (as before bursts: a first view while
 * switched off is never announced later) or when it was queued already (one row per kind and source).
 */
export async function queueOwnerNotification(event: { kind: OwnerNotificationKind; sourceId: string; recipientId: string; occurredAt: Date; origin: string }) {
  await db.$executeRaw`
    INSERT INTO "OwnerNotification" ("id", "recipientId", "kind", "sourceId", "occurredAt", "origin", "nextAttemptAt")
    SELECT gen_random_uuid()::text, r."id", ${event.kind}::"OwnerNotificationKind", ${event.sourceId}, ${utc(event.occurredAt)}, ${event.origin}, ${utc(event.occurredAt)}
    FROM "Recipient" r
    JOIN "Share" s ON s."id" = r."shareId"
    JOIN "Idea" i ON i."id" = s."ideaId"
    JOIN "User" u ON u."id" = i."ownerId"
    WHERE r."id" = ${event.recipientId} AND ${SWITCH[event.kind]}
    ON CONFLICT ("kind", "sourceId") DO NOTHING`;
}

/** After the n-th failed mail of a burst: 1 min, 4 min, 16 min, ~1 h, ~4 h; then it is given up. */
export const MAX_ATTEMPTS = 6;
export function retryDelayMs(attempt: number) {
  return 60_000 * 4 ** Math.max(0, attempt - 1);
}
/** Finished events are kept this long (a record of what was mailed), then deleted. */
export const RETENTION_MS = 30 * 24 * 3600_000;
const MAX_BURSTS_PER_RUN = 200;

export type OwnerMailCounts = { mailed: number; skipped: number; failed: number };

type Claimed = { id: string; kind: OwnerNotificationKind; occurredAt: Date; origin: string };

/** Which link, in words, for the owner who may hold several on one idea. */
export function linkLabel(share: { shareType: ShareType; recipientEmail: string | null; createdAt: Date }) {
  if (share.shareType === "email" && share.recipientEmail) return `your e-mail link for ${share.recipientEmail}`;
  return `your ${shareTypeToApi(share.shareType)} link of ${share.createdAt.toISOString().slice(0, 10)}`;
}

export function shareScreenUrl(origin: string, ideaId: number) {
  return `${origin}/share/${ideaId}`;
}

/** The burst's mail: a single event keeps its own mail, several are listed in one. Null when every switch is off now. */
async function burstMail(tx: Prisma.TransactionClient, recipientId: string, events: Claimed[]) {
  const recipient = await tx.recipient.findUnique({
    where: { id: recipientId },
    select: {
      name: true,
      email: true,
      share: {
        select: {
          shareType: true, recipientEmail: true, createdAt: true,
          idea: { select: { id: true, title: true, owner: { select: { email: true, notifyNdaAccepted: true, notifyFirstView: true } } } },
        },
      },
    },
  });
  if (!recipient) return null;
  const { share } = recipient;
  const owner = share.idea.owner;
  // Switched off since the event was queued: not announced (the switch is read when the mail would go).
  const wanted = events.filter((e) => (e.kind === "ndaAccepted" ? owner.notifyNdaAccepted : owner.notifyFirstView));
  if (!wanted.length) return null;
  const common = {
    recipient: { name: recipient.name, email: recipient.email },
    idea: { id: share.idea.id, title: share.idea.title },
    linkLabel: linkLabel(share),
    shareScreenUrl: shareScreenUrl(events[0].origin, share.idea.id),
  };
  const [only] = wanted;
  const mail =
    wanted.length > 1
      ? await recipientActivityEmail({ ...common, events: wanted.map((e) => ({ kind: e.kind, at: e.occurredAt })) })
      : only.kind === "ndaAccepted"
        ? await ndaAcceptedEmail({ ...common, acceptedAt: only.occurredAt })
        : await firstViewEmail({ ...common, viewedAt: only.occurredAt });
  return { to: owner.email, ...mail };
}

/**
 * Claims the oldest burst whose window has closed and mails it, all in one transaction. Returns what happened, or
 * null when no burst is due (or every due one is being sent by another run).
 */
async function sendOneBurst(now: Date, windowMs: number): Promise<{ outcome: "mailed" | "skipped" } | { failed: string[]; error: unknown } | null> {
  let claimedIds: string[] = [];
  try {
    return await db.$transaction(
      async (tx) => {
        const [head] = await tx.$queryRaw<{ id: string; recipientId: string; occurredAt: Date }[]>`
          SELECT e."id", e."recipientId", e."occurredAt" FROM "OwnerNotification" e
          WHERE e."doneAt" IS NULL AND e."occurredAt" <= ${utc(new Date(now.getTime() - windowMs))} AND e."nextAttemptAt" <= ${utc(now)}
            AND NOT EXISTS (
              SELECT 1 FROM "OwnerNotification" p
              WHERE p."recipientId" = e."recipientId" AND p."doneAt" IS NULL AND (p."occurredAt", p."id") < (e."occurredAt", e."id"))
          ORDER BY e."occurredAt", e."id"
          LIMIT 1
          FOR UPDATE SKIP LOCKED`;
        if (!head) return null;
        // The burst: this recipient's pending events within the window of its first. No other run holds them (it
        // would have had to lock this first event), so the lock is taken at once.
        const events = await tx.$queryRaw<Claimed[]>`
          SELECT "id", "kind", "occurredAt", "origin" FROM "OwnerNotification"
          WHERE "recipientId" = ${head.recipientId} AND "doneAt" IS NULL
            AND "occurredAt" < ${utc(new Date(head.occurredAt.getTime() + windowMs))}
          ORDER BY "occurredAt", "id"
          FOR UPDATE`;
        claimedIds = events.map((e) => e.id);
        const mail = await burstMail(tx, head.recipientId, events);
        if (mail) await sendEmail(mail);
        const outcome = mail ? "mailed" : "skipped";
        await tx.ownerNotification.updateMany({ where: { id: { in: claimedIds }, doneAt: null }, data: { doneAt: now, outcome: mail ? "sent" : "skipped" } });
        return { outcome };
      },
      // A mail provider's answer can take seconds; the lock is on this burst's rows only.
      { timeout: 60_000, maxWait: 10_000 },
    );
  } catch (error) {
    if (!claimedIds.length) throw error;
    return { failed: claimedIds, error };
  }
}

/** A burst whose mail failed: tried again later, or given up after MAX_ATTEMPTS. */
async function recordFailure(ids: string[], error: unknown, now: Date) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const rows = await db.ownerNotification.findMany({ where: { id: { in: ids }, doneAt: null }, select: { id: true, attempts: true } });
  const attempts = Math.max(0, ...rows.map((r) => r.attempts)) + 1;
  const giveUp = attempts >= MAX_ATTEMPTS;
  await db.ownerNotification.updateMany({
    where: { id: { in: rows.map((r) => r.id) }, doneAt: null },
    data: { attempts, lastError: message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)), ...(giveUp ? { doneAt: now, outcome: "failed" } : {}) },
  });
  return giveUp;
}

/**
 * One run of the owner-mail job: every burst whose window has closed by `now` is mailed once. Safe to run from
 * several instances and timers at once (see above). Old finished events are pruned first.
 */
export async function runOwnerNotifications(opts: { now?: Date; windowMs?: number } = {}): Promise<OwnerMailCounts> {
  const now = opts.now ?? new Date();
  const windowMs = opts.windowMs ?? burstWindowMs();
  await db.ownerNotification.deleteMany({ where: { doneAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
  const counts: OwnerMailCounts = { mailed: 0, skipped: 0, failed: 0 };
  for (let i = 0; i < MAX_BURSTS_PER_RUN; i++) {
    const result = await sendOneBurst(now, windowMs);
    if (!result) break;
    if ("outcome" in result) {
      counts[result.outcome]++;
      continue;
    }
    console.error("[notifications] an owner mail could not be sent; it is tried again later", result.error);
    await recordFailure(result.failed, result.error, now);
    counts.failed++;
  }
  return counts;
}
