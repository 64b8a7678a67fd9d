import "server-only";
import { listInWords } from "@/lib/platform/format/list-in-words";
import { Prisma, type OwnerNotificationKind } from "@/lib/generated/prisma/client";
import type PgBoss from "pg-boss";
import { db } from "@/lib/platform/db";
import { adoptOrphans, completeJobs, enqueueMany, liveJobWith, type JobItem, type JobPayloads } from "@/lib/platform/jobs";
import { getEnv } from "@/lib/platform/env";
import { sendEmail } from "@/lib/platform/email";
import { firstViewEmail, ndaAcceptedEmail, recipientActivityEmail } from "@/lib/platform/email/templates";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import { visitEndedMail } from "@/lib/domain/notifications/visit-mail";
import type { ShareType } from "@/lib/generated/prisma/client";

/**
 * The owner's mails about a recipient's agreement and first view, one per burst: each event is a row
 * of "OwnerNotification", written when it happens; the events of one recipient within NOTIFY_BURST_S of the first
 * go out as one mail once that window has closed. Each burst is an "owner-mail" job keyed by the recipient, queued
 * with the burst's first event to start when its window closes ("stately": one waiting and one running per
 * recipient, so later events of the burst queue nothing more, and two instances never mail one burst):
 * - the mail is sent, then the burst's events marked done in the transaction that completes the job; a run that
 *   dies before the commit is retried by the library;
 * - a failed mail is retried as a new job after a growing delay, then given up ('failed');
 * - events left after the burst (later than its window) get the next burst's job.
 * A visit's summary ("visitEnded", queued by the periodic job in ./visit-ended.ts) is never batched: it is a mail of
 * its own, in the recipient's line of bursts.
 * Webhooks are not batched: they are queued per event (lib/domain/webhooks/queue.ts).
 */

/** Times are passed from JS and stored as UTC like Prisma does. */
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
  visitEnded: Prisma.sql`u."notifyVisitEnded"`,
};

/** The job of a recipient's burst whose first event happened at `first`, due when the window closes. */
function burstJob(recipientId: string, first: Date): JobItem<"owner-mail"> {
  return { data: { recipientId }, singletonKey: recipientId, startAfter: new Date(first.getTime() + burstWindowMs()) };
}

/**
 * Queues one event, nothing when the owner's switch for its kind is off (as before bursts: a first view while
 * switched off is never announced later) or when it was queued already (one row per kind and source); and its
 * burst's job with it, unless the recipient's burst already has one waiting.
 */
export async function queueOwnerNotification(event: { kind: OwnerNotificationKind; sourceId: string; recipientId: string; occurredAt: Date; origin: string }) {
  await db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "OwnerNotification" ("id", "recipientId", "kind", "sourceId", "occurredAt", "origin")
      SELECT gen_random_uuid()::text, r."id", ${event.kind}::"OwnerNotificationKind", ${event.sourceId}, ${utc(event.occurredAt)}, ${event.origin}
      FROM "Recipient" r
      JOIN "Share" s ON s."id" = r."shareId"
      LEFT JOIN "Idea" i ON i."id" = s."ideaId"
      LEFT JOIN "Room" rm ON rm."id" = s."roomId"
      JOIN "User" u ON u."id" = COALESCE(i."ownerId", rm."ownerId")
      WHERE r."id" = ${event.recipientId} AND ${SWITCH[event.kind]}
      ON CONFLICT ("kind", "sourceId") DO NOTHING`;
    if (inserted) await enqueueMany("owner-mail", [burstJob(event.recipientId, event.occurredAt)], { tx });
  });
}

/** After the n-th failed mail of a burst: 1 min, 4 min, 16 min, ~1 h, ~4 h; then it is given up. */
export const MAX_ATTEMPTS = 6;
export function retryDelayMs(attempt: number) {
  return 60_000 * 4 ** Math.max(0, attempt - 1);
}
/** Finished events are kept this long (a record of what was mailed), then deleted. */
export const RETENTION_MS = 30 * 24 * 3600_000;

export type OwnerMailCounts = { mailed: number; skipped: number; failed: number };

type Claimed = { id: string; kind: OwnerNotificationKind; sourceId: string; occurredAt: Date; origin: string };

/** Which link, in words, for the owner who may hold several on one idea. */
export function linkLabel(share: { shareType: ShareType; recipientEmails: string[]; createdAt: Date }) {
  if (share.shareType === "email" && share.recipientEmails.length > 0) return `your e-mail link for ${listInWords(share.recipientEmails)}`;
  return `your ${shareTypeToApi(share.shareType)} link of ${share.createdAt.toISOString().slice(0, 10)}`;
}

export function shareScreenUrl(origin: string, ideaId: number) {
  return `${origin}/share/${ideaId}`;
}

export function roomScreenUrl(origin: string, roomId: string) {
  return `${origin}/rooms/${roomId}`;
}

const mailOwner = { select: { email: true, notifyNdaAccepted: true, notifyFirstView: true, notifyVisitEnded: true } } as const;

/** The burst's mail: a single event keeps its own mail, several are listed in one. Null when every switch is off now. */
async function burstMail(tx: Prisma.TransactionClient | typeof db, recipientId: string, events: Claimed[]) {
  const recipient = await tx.recipient.findUnique({
    where: { id: recipientId },
    select: {
      name: true,
      email: true,
      share: {
        select: {
          shareType: true, recipientEmails: true, createdAt: true,
          idea: { select: { id: true, title: true, owner: mailOwner } },
          room: { select: { id: true, name: true, owner: mailOwner } },
        },
      },
    },
  });
  if (!recipient) return null;
  const { share } = recipient;
  // A visit's summary is a mail of its own, about the idea the visit showed (mailOwnerBurst never batches it).
  // The owner is the link's (an idea's, or a room's for a room link); the visit itself is read once, there.
  if (events[0].kind === "visitEnded") {
    const owner = share.idea?.owner ?? share.room?.owner;
    if (!owner) return null;
    return visitEndedMail(events[0].sourceId, { name: recipient.name, email: recipient.email }, owner, linkLabel(share), (ideaId) => shareScreenUrl(events[0].origin, ideaId));
  }
  // A room link's events are the room's: named by it, followed up on its page.
  const about = share.idea
    ? { idea: { id: share.idea.id, title: share.idea.title }, owner: share.idea.owner, url: shareScreenUrl(events[0].origin, share.idea.id) }
    : share.room
      ? { idea: { id: share.room.id, title: share.room.name, room: true }, owner: share.room.owner, url: roomScreenUrl(events[0].origin, share.room.id) }
      : null;
  if (!about) return null;
  const { owner } = about;
  // Switched off since the event was queued: not announced (the switch is read when the mail would go).
  const wanted = events.filter((e) => (e.kind === "ndaAccepted" ? owner.notifyNdaAccepted : owner.notifyFirstView)) as (Claimed & { kind: "ndaAccepted" | "firstView" })[];
  if (!wanted.length) return null;
  const common = {
    recipient: { name: recipient.name, email: recipient.email },
    idea: about.idea,
    linkLabel: linkLabel(share),
    shareScreenUrl: about.url,
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

type MailJob = PgBoss.Job<JobPayloads["owner-mail"]>;

type Failure = { attempts: number; error: string };

/**
 * Commits a burst's outcome with its job's completion (nothing when the job's lease ran out meanwhile): a failure is
 * recorded on its events; they are then marked done (sent, skipped or given up) and the events left after them get
 * the next burst's job, or the next attempt is queued (`retryAt`).
 */
async function settleBurst(job: MailJob | undefined, recipientId: string, ids: string[], now: Date, end: { outcome: string } | { retryAt: Date }, failure?: Failure) {
  await db.$transaction(async (tx) => {
    if (job && !(await completeJobs(tx, "owner-mail", [job.id])).has(job.id)) return;
    if (failure) await tx.ownerNotification.updateMany({ where: { id: { in: ids }, doneAt: null }, data: { attempts: failure.attempts, lastError: failure.error } });
    if ("retryAt" in end) {
      await enqueueMany("owner-mail", [{ ...burstJob(recipientId, now), startAfter: end.retryAt }], { tx });
      return;
    }
    await tx.ownerNotification.updateMany({ where: { id: { in: ids }, doneAt: null }, data: { doneAt: now, outcome: end.outcome } });
    const next = await tx.ownerNotification.findFirst({ where: { recipientId, doneAt: null }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }], select: { occurredAt: true } });
    if (next) await enqueueMany("owner-mail", [burstJob(recipientId, next.occurredAt)], { tx });
  });
}

/**
 * The "owner-mail" job of one recipient, due when the window of their oldest pending event has closed: that event's
 * burst is mailed. A failed mail is tried again after retryDelayMs, then given up after MAX_ATTEMPTS.
 */
export async function mailOwnerBurst(recipientId: string, job?: MailJob, now = new Date()): Promise<OwnerMailCounts> {
  const counts: OwnerMailCounts = { mailed: 0, skipped: 0, failed: 0 };
  const windowMs = burstWindowMs();
  const pending = await db.ownerNotification.findMany({
    where: { recipientId, doneAt: null },
    orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    select: { id: true, kind: true, sourceId: true, occurredAt: true, origin: true, attempts: true },
  });
  if (!pending.length) return counts;
  const closes = pending[0].occurredAt.getTime() + windowMs;
  // A visit's summary goes alone; the other kinds of one window share a mail (and wait for the visit's own job).
  const burst = pending[0].kind === "visitEnded" ? [pending[0]] : pending.filter((e) => e.kind !== "visitEnded" && e.occurredAt.getTime() < closes);
  const ids = burst.map((e) => e.id);
  let mail: Awaited<ReturnType<typeof burstMail>>;
  try {
    mail = await burstMail(db, recipientId, burst);
    if (mail) await sendEmail(mail);
  } catch (error) {
    console.error("[notifications] an owner mail could not be sent; it is tried again later", error);
    const attempts = Math.max(0, ...burst.map((e) => e.attempts)) + 1;
    const failure = { attempts, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
    const end = attempts >= MAX_ATTEMPTS ? { outcome: "failed" } : { retryAt: new Date(now.getTime() + retryDelayMs(attempts)) };
    await settleBurst(job, recipientId, ids, now, end, failure);
    counts.failed++;
    return counts;
  }
  await settleBurst(job, recipientId, ids, now, { outcome: mail ? "sent" : "skipped" });
  counts[mail ? "mailed" : "skipped"]++;
  return counts;
}

/** The periodic owner-mail job: finished events past their retention go, and a recipient with pending events but no job gets one. */
export async function sweepOwnerNotifications(now = new Date()) {
  const { count: pruned } = await db.ownerNotification.deleteMany({ where: { doneAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
  const adopted = await adoptOrphans("owner-mail", async (tx) => {
    const rows = await tx.$queryRaw<{ recipientId: string; first: Date }[]>`
      SELECT e."recipientId", min(e."occurredAt") AS "first" FROM "OwnerNotification" e
      WHERE e."doneAt" IS NULL AND NOT ${liveJobWith("owner-mail", "recipientId", Prisma.sql`e."recipientId"`)}
      GROUP BY e."recipientId"`;
    return rows.map((r) => burstJob(r.recipientId, r.first));
  });
  return { pruned, adopted };
}
