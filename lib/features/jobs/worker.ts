import "server-only";
import { getEnv } from "@/lib/platform/env";
import { enqueue, jobBoss, pendingJobs, runJobsFor, startedBoss, stopBoss, type AnyJobHandler, type JobHandler, type JobName } from "@/lib/platform/jobs";
import { mailOwnerBurst, sweepOwnerNotifications } from "@/lib/domain/notifications/queue";
import { mailProofAnchored } from "@/lib/domain/notifications/proof-anchored";
import { queueEndedVisits } from "@/lib/domain/notifications/visit-ended";
import { pruneExpiredDerivedInJob, renderPageJob } from "@/lib/domain/reader/prerender";
import { onShutdown } from "@/lib/platform/process/shutdown";
import { runTimestampJobs } from "@/lib/domain/evidence/jobs";
import { MAX_BATCH, stampProofs } from "@/lib/domain/timestamps/stamp";
import { checkUpgrades, UPGRADE_BATCH } from "@/lib/domain/timestamps/upgrade";
import { attemptDelivery, sweepWebhookDeliveries } from "@/lib/domain/webhooks/deliver";
import { runLogAnchorJob } from "@/lib/domain/evidence-log/anchor";
import { runTsaJob } from "@/lib/domain/timestamps/rfc3161/tokens";
import { buildKeptCertificate } from "@/lib/domain/agreements/stored-certificate";
import { retryInvitation } from "@/lib/domain/shares/invitations";

/** What each job does. */
const HANDLERS: { [N in JobName]: AnyJobHandler<N> } = {
  timestamps: () => runTimestampJobs(),
  stamp: { batchSize: MAX_BATCH, run: (jobs) => stampProofs(jobs) },
  "timestamp-upgrade": { batchSize: UPGRADE_BATCH, run: (jobs) => checkUpgrades(jobs) },
  webhooks: ({ deliveryId }, job) => attemptDelivery(deliveryId, job),
  "webhooks-sweep": () => sweepWebhookDeliveries(),
  "owner-mail": ({ recipientId }, job) => mailOwnerBurst(recipientId, job),
  notifications: () => sweepOwnerNotifications(),
  "visits-ended": () => queueEndedVisits(),
  "anchored-mail": ({ proofId }) => mailProofAnchored(proofId),
  pages: (data) => renderPageJob(data),
  "pages-sweep": () => pruneExpiredDerivedInJob(),
  "log-anchors": () => runLogAnchorJob(),
  tsa: (data) => runTsaJob(data),
  certificates: ({ ndaId }) => buildKeptCertificate(ndaId),
  invitations: (data, job) => retryInvitation(data, job),
};

/** The handler of job `name` (the two-instance tests run them on instances of their own). */
export function jobHandler<N extends JobName>(name: N): AnyJobHandler<N> {
  return HANDLERS[name] as AnyJobHandler<N>;
}

/** Retention and adoption of rows left without a job: nothing is due from them within seconds. */
export const SWEEP_INTERVAL_S = 60;

/**
 * Periodic jobs and their interval in seconds (0: not run by a long-running server; the cron call runs it).
 * One job per interval slot exists cluster-wide (pg-boss's singleton slot), whichever instance queued it, so two
 * instances poll the calendars at the same rate as one.
 */
function periodic(): Partial<Record<JobName, number>> {
  const env = getEnv();
  return {
    timestamps: env.OTS_INTERVAL_S,
    "webhooks-sweep": SWEEP_INTERVAL_S,
    notifications: SWEEP_INTERVAL_S,
    "visits-ended": SWEEP_INTERVAL_S,
    "pages-sweep": env.PAGES_INTERVAL_S,
    "log-anchors": env.LOG_ANCHOR_INTERVAL_S,
  };
}

/** The next run of a periodic job, in the next free slot of its interval. */
function queueNextRun(name: JobName, seconds: number) {
  return enqueue(name, {} as never, { singletonKey: "periodic", singletonSeconds: seconds, singletonNextSlot: true });
}

const g = globalThis as unknown as { __ideavaultWorkers?: boolean };

/**
 * The workers of a long-running server (`npm start`, `npm run dev`): every queue is worked in this process, periodic
 * jobs queue their own next run, and pg-boss's maintenance releases the jobs of a dead instance once their lease
 * has passed. Safe to call again (a dev server's reload): the instance is made once per process.
 */
export async function startJobWorkers(only?: readonly JobName[]) {
  if (g.__ideavaultWorkers) return;
  g.__ideavaultWorkers = true;
  const boss = await startedBoss({ supervise: true, maintenanceIntervalSeconds: 30 });
  onShutdown("job workers", 0, () => stopJobWorkers());
  const intervals = periodic();
  const env = getEnv();
  for (const name of (only ?? (Object.keys(HANDLERS) as JobName[]))) {
    const seconds = intervals[name];
    if (seconds === 0) continue;
    // An interval of 0 turns a kind of job off in this server (the cron call, or a test, runs it).
    if (name === "pages" && !env.PAGES_INTERVAL_S) continue;
    if ((name === "stamp" || name === "timestamp-upgrade") && !env.OTS_INTERVAL_S) continue;
    const handler = HANDLERS[name] as AnyJobHandler<JobName>;
    const run: JobHandler<JobName> = async (data, job) => {
      // Queued first, so the chain of runs outlives a run that dies.
      if (seconds) await queueNextRun(name, seconds);
      return (handler as JobHandler<JobName>)(data, job);
    };
    // Webhook attempts get several workers, so one hanging receiver does not hold the next event's delivery.
    const workers = name === "webhooks" ? 4 : 1;
    // Proofs to stamp are taken every OTS_INTERVAL_S, all due ones as one batch (the calendars see one root).
    const pollingIntervalSeconds = name === "pages" ? env.PAGES_INTERVAL_S : name === "stamp" ? env.OTS_INTERVAL_S : 1;
    for (let i = 0; i < workers; i++) {
      if (typeof handler === "function") await boss.work<never>(name, { pollingIntervalSeconds }, async ([job]) => run(job.data, job));
      else await boss.work<never>(name, { pollingIntervalSeconds, batchSize: handler.batchSize }, (jobs) => handler.run(jobs));
    }
    if (seconds) await queueNextRun(name, seconds);
  }
}

/** Stops the workers and waits for the jobs under way (the server's shutdown, before its database stops). */
export async function stopJobWorkers() {
  if (!g.__ideavaultWorkers) return;
  g.__ideavaultWorkers = false;
  await stopBoss();
}

/**
 * A Vercel cron call for a periodic job: queues a run now and runs the due ones for at most `budgetMs`. Answers
 * what the first run did (null when another instance took it).
 */
export async function runQueueNow(name: "timestamps" | "webhooks-sweep" | "notifications" | "visits-ended" | "log-anchors", budgetMs: number) {
  await enqueue(name, {});
  const { results } = await runJobsFor(name, HANDLERS[name] as AnyJobHandler<typeof name>, budgetMs);
  return results[0] ?? null;
}

/** Runs due jobs of `name` for at most `budgetMs` without queueing one. */
export function runDueJobs<N extends JobName>(name: N, budgetMs: number) {
  return runJobsFor(name, HANDLERS[name] as AnyJobHandler<N>, budgetMs);
}

/** The same, adding up the counts the runs answered (a cron call's answer), from `zero`. */
export async function runDueJobsCounting<T extends Record<string, number>>(name: JobName, zero: T, budgetMs: number): Promise<T> {
  const { results } = await runDueJobs(name, budgetMs);
  const sum: Record<string, number> = { ...zero };
  for (const r of results) for (const k of Object.keys(sum)) sum[k] += Number((r as Record<string, unknown> | null)?.[k] ?? 0);
  return sum as T;
}

/**
 * Tests: runs the due jobs of `names` here, and waits for those a worker is running, until none is left (jobs
 * queued by the jobs run included).
 */
export async function runJobsUntilIdle(names: readonly JobName[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let ran = 0;
    for (const name of names) ran += (await runJobsFor(name, HANDLERS[name] as AnyJobHandler<JobName>, timeoutMs)).ran;
    if (!ran && !(await pendingJobs(names))) return;
    if (Date.now() > deadline) throw new Error(`Jobs of ${names.join(", ")} still pending after ${timeoutMs} ms`);
    if (!ran) await new Promise((r) => setTimeout(r, 20));
  }
}

export { jobBoss };
