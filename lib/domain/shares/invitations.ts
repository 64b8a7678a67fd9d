import "server-only";
import type PgBoss from "pg-boss";
import { db } from "@/lib/platform/db";
import { completeJobs, deferWaitingJobs, dropWaitingJobs, enqueueMany, valuesWithLiveJobs, type JobPayloads } from "@/lib/platform/jobs";
import { sendEmail } from "@/lib/platform/email";
import { invitationUndeliveredEmail, shareInvitationEmail } from "@/lib/platform/email/templates";
import { linkLabel, roomScreenUrl, shareScreenUrl } from "@/lib/domain/notifications/queue";
import { senderMail } from "@/lib/domain/brand";
import { viewLink } from "@/lib/domain/gate/view-link";
import { isDead } from "@/lib/domain/gate/link-state";
import type { Prisma, Share } from "@/lib/generated/prisma/client";

/**
 * An e-mail link's invitations: one mail per address, sent only once the link (or the change that added the address)
 * is committed, never inside its transaction. An address whose mail fails is tried again by an "invitations" job,
 * a few times with a growing delay, for as long as it is still on the link and the link is alive; the owner is told
 * by mail when the last try fails.
 *
 * The first of those jobs is queued in the link's own transaction, before any mail is tried (queueInvitations). The
 * request then claims it (claimQueuedInvitations: put back by the time its mails may take, so a worker does not send
 * an address the request is still sending to a slow mail service), mails, and settles it (settleQueuedInvitations):
 * dropped for each address whose mail went out, due a minute later for each whose mail failed. A process that stops
 * before its mails went leaves jobs that send them later, so no address is ever silently left uninvited. The price is
 * the rare duplicate: a process that stops between a sent mail and the drop sends that one again.
 */

type Client = Prisma.TransactionClient | typeof db;

/** What an invitation names: the idea's title or the room's name (the sender comes from the owner's brand). */
export async function invitationTarget(client: Client, share: Pick<Share, "ideaId" | "roomId">) {
  const idea = share.ideaId === null ? null : await client.idea.findUnique({ where: { id: share.ideaId }, select: { title: true } });
  const room = share.roomId === null ? null : await client.room.findUnique({ where: { id: share.roomId }, select: { name: true } });
  return { title: idea?.title ?? room?.name ?? "" };
}

/** Invitations go out a few at a time: up to 50 addresses, without opening 50 connections to the mail service at once. */
const INVITATIONS_AT_ONCE = 5;

export type InvitationFailure = { to: string; error: unknown };

/**
 * One invitation per address, each its own mail (no recipient sees the others' addresses), signed by the owner's
 * brand; an answer reaches the owner, not our sending address. Every address is tried: answers those whose mail
 * failed (all of them when the mail could not even be written).
 */
export async function sendInvitations(share: Share, target: { title: string }, addresses: readonly string[], origin: string): Promise<InvitationFailure[]> {
  if (!addresses.length) return [];
  let message: Omit<Parameters<typeof sendEmail>[0], "to">;
  try {
    const { fromName, replyTo, brand } = await senderMail(share.createdById, origin);
    const mail = await shareInvitationEmail({ sharerName: brand.name, ideaTitle: target.title, link: viewLink(origin, share.accessLink), note: share.note, passcode: share.passcodeHash !== null, brand });
    message = { fromName, replyTo, ...mail };
  } catch (error) {
    return addresses.map((to) => ({ to, error }));
  }
  const failed: InvitationFailure[] = [];
  for (let i = 0; i < addresses.length; i += INVITATIONS_AT_ONCE) {
    const batch = addresses.slice(i, i + INVITATIONS_AT_ONCE);
    const results = await Promise.allSettled(batch.map((to) => sendEmail({ to, ...message })));
    results.forEach((r, j) => {
      if (r.status === "rejected") failed.push({ to: batch[j], error: r.reason });
    });
  }
  return failed;
}

/** Tries of one address by the job, after the one made with the request: 1 min, 4 min, 16 min, ~1 h, ~4 h later. */
export const INVITATION_RETRIES = 5;
export function invitationRetryDelayMs(attempt: number) {
  return 60_000 * 4 ** Math.max(0, attempt - 1);
}

function retryJob(shareId: string, email: string, origin: string, attempt: number, now = new Date()) {
  return { data: { shareId, email, origin, attempt }, startAfter: new Date(now.getTime() + invitationRetryDelayMs(attempt)) };
}

/**
 * In the transaction that puts `addresses` on the link: each address's first retry, which stands in for the mail the
 * request is about to send, until dropQueuedInvitations drops it.
 */
export async function queueInvitations(tx: Prisma.TransactionClient, shareId: string, addresses: readonly string[], origin: string) {
  await enqueueMany("invitations", addresses.map((email) => retryJob(shareId, email, origin, 1)), { tx });
}

/** How long a request's own invitations may take before the stand-in jobs send them instead. */
export const REQUEST_MAILING_WINDOW_MS = 15 * 60_000;

/**
 * Claims the stand-in jobs of `addresses` for the request that is about to mail them, and answers the addresses it
 * claimed: the request mails those. An address whose job a worker has already started (a request held up for over a
 * minute after its commit) is not answered: the worker invites it.
 */
async function claimQueuedInvitations(shareId: string, addresses: readonly string[], now = new Date()): Promise<string[]> {
  const claimed = new Set(await deferWaitingJobs(db, "invitations", { shareId, attempt: 1 }, "email", addresses, new Date(now.getTime() + REQUEST_MAILING_WINDOW_MS)));
  return addresses.filter((address) => claimed.has(address));
}

/**
 * Drops the stand-in jobs of `addresses`: the request's own mails to them went out (those that failed keep theirs,
 * the retry), or the link itself goes.
 */
export async function dropQueuedInvitations(client: Client, shareId: string, addresses: readonly string[]) {
  await dropWaitingJobs(client, "invitations", { shareId, attempt: 1 }, "email", addresses);
}

/**
 * After the request mailed the addresses it claimed: the stand-in of each address whose mail went out is dropped, and
 * that of each whose mail failed becomes its first retry, a minute from now.
 */
async function settleQueuedInvitations(shareId: string, sent: readonly string[], failed: readonly string[], now = new Date()) {
  await dropQueuedInvitations(db, shareId, sent);
  await deferWaitingJobs(db, "invitations", { shareId, attempt: 1 }, "email", failed, new Date(now.getTime() + invitationRetryDelayMs(1)));
}

/**
 * The request's own invitations to `addresses`, once the link or the change that added them is committed: claims
 * their stand-in jobs, mails, and settles the jobs. Answers the failed mails, and the addresses not invited yet, in
 * the order given: their mail failed, or a worker that had already taken their job is still at it (sending, or its
 * mail failed and the next try waits). One whose job a worker finished was invited by it.
 */
export async function mailInvitations(share: Share, target: { title: string }, addresses: readonly string[], origin: string) {
  const claimed = await claimQueuedInvitations(share.id, addresses);
  const failures = await sendInvitations(share, target, claimed, origin);
  const failed = new Set(failures.map((f) => f.to));
  await settleQueuedInvitations(share.id, claimed.filter((address) => !failed.has(address)), [...failed]);
  const claimedSet = new Set(claimed);
  const takenByWorker = addresses.filter((address) => !claimedSet.has(address));
  const workerNotDone = new Set(await valuesWithLiveJobs(db, "invitations", { shareId: share.id }, "email", takenByWorker));
  const pending = addresses.filter((address) => failed.has(address) || workerNotDone.has(address));
  return { failures, pending };
}

/**
 * The owner's mail that an address's invitation is given up, once: the job that gives up completes itself in the
 * transaction that decides to mail (so a run whose lease ran out, retried elsewhere, does not mail twice). A failure
 * of this mail too is logged; nothing more can be done by mail.
 */
async function tellOwnerUndelivered(share: Share, target: { title: string }, data: JobPayloads["invitations"], job?: InvitationJob) {
  if (job && !(await db.$transaction((tx) => completeJobs(tx, "invitations", [job.id]))).has(job.id)) return;
  try {
    const owner = await db.user.findUniqueOrThrow({ where: { id: share.createdById }, select: { email: true } });
    const idea = share.ideaId !== null ? { id: share.ideaId, title: target.title } : { id: share.roomId ?? "", title: target.title, room: true };
    const totalMs = Array.from({ length: data.attempt }, (_, i) => invitationRetryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    const mail = await invitationUndeliveredEmail({
      idea,
      linkLabel: linkLabel(share),
      email: data.email,
      tries: data.attempt + 1,
      hours: Math.max(1, Math.round(totalMs / 3_600_000)),
      shareScreenUrl: share.ideaId !== null ? shareScreenUrl(data.origin, share.ideaId) : roomScreenUrl(data.origin, share.roomId ?? ""),
    });
    await sendEmail({ to: owner.email, ...mail });
  } catch (err) {
    console.error(`[shares] the owner of link ${share.id} could not be told that the invitation to ${data.email} was given up`, err);
  }
}

export type InvitationRetryCounts = { sent: number; skipped: number; failed: number };

type InvitationJob = PgBoss.Job<JobPayloads["invitations"]>;

/**
 * The "invitations" job: sends one address its invitation again, unless the address was taken off the link or the
 * link is gone, revoked or expired meanwhile. A mail that fails again queues the next try (with this job's completion,
 * so a run whose lease ran out queues nothing), and after the last one is logged and given up.
 */
export async function retryInvitation(data: JobPayloads["invitations"], job?: InvitationJob, now = new Date()): Promise<InvitationRetryCounts> {
  const share = await db.share.findUnique({ where: { id: data.shareId } });
  if (!share || isDead(share, now) || !share.recipientEmails.includes(data.email)) return { sent: 0, skipped: 1, failed: 0 };
  const target = await invitationTarget(db, share);
  const [failure] = await sendInvitations(share, target, [data.email], data.origin);
  if (!failure) return { sent: 1, skipped: 0, failed: 0 };
  if (data.attempt >= INVITATION_RETRIES) {
    console.error(`[shares] the invitation to ${data.email} (link ${data.shareId}) is given up after ${data.attempt + 1} tries`, failure.error);
    await tellOwnerUndelivered(share, target, data, job);
    return { sent: 0, skipped: 0, failed: 1 };
  }
  console.warn(`[shares] the invitation to ${data.email} (link ${data.shareId}) could not be sent; it is tried again later`, failure.error);
  await db.$transaction(async (tx) => {
    if (job && !(await completeJobs(tx, "invitations", [job.id])).has(job.id)) return;
    await enqueueMany("invitations", [retryJob(data.shareId, data.email, data.origin, data.attempt + 1, now)], { tx });
  });
  return { sent: 0, skipped: 0, failed: 1 };
}
