import "server-only";
import PgBoss from "pg-boss";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { bossOptions, JOB_SCHEMA, type JobName, type JobPayloads } from "@/lib/platform/jobs/queues";

export { JOB_NAMES, type JobName, type JobPayloads } from "@/lib/platform/jobs/queues";

/**
 * The one job queue (pg-boss on our PostgreSQL, docs/decisions/job-queue.md). Domain code enqueues here; the worker
 * (lib/features/jobs/worker.ts) runs the jobs in a long-running server, the cron routes run them for a bounded time on
 * Vercel, and tests run them until the queue is idle.
 */

type Client = Prisma.TransactionClient | typeof db;

/**
 * pg-boss's statements run through a Prisma client, so a job is enqueued inside the caller's transaction: it exists
 * if and only if the change that asked for it was committed. (Parameters go as text, JSON as a string, so the
 * driver adapter never has to guess a type.)
 */
function through(client: Client): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const args = values.map((v: unknown) => (v === undefined ? null : v !== null && typeof v === "object" && !(v instanceof Date) && !Array.isArray(v) ? JSON.stringify(v) : v));
      return { rows: await client.$queryRawUnsafe<unknown[]>(text, ...args) };
    },
  };
}

const g = globalThis as unknown as { __ideavaultBoss?: { boss: PgBoss; started?: Promise<PgBoss> } };

/** The pg-boss instance of this process, with its own small pool (created on first use, started once). */
export function jobBoss(options: PgBoss.ConstructorOptions = {}): PgBoss {
  if (!g.__ideavaultBoss) {
    const boss = new PgBoss(bossOptions(getEnv().DATABASE_URL ?? "", { max: 4, migrate: false, supervise: false, schedule: false, ...options }));
    boss.on("error", (err) => console.error("[jobs]", err));
    g.__ideavaultBoss = { boss };
  }
  return g.__ideavaultBoss.boss;
}

/** The started instance (its pool open); `options` apply only if this creates it. */
export async function startedBoss(options: PgBoss.ConstructorOptions = {}) {
  const state = (jobBoss(options), g.__ideavaultBoss!);
  state.started ??= state.boss.start();
  return state.started;
}

/** Stops this process's instance (shutdown, the end of a test file): waits for the jobs under way, then closes its pool. */
export async function stopBoss(timeoutMs = 10_000) {
  const state = g.__ideavaultBoss;
  if (!state) return;
  g.__ideavaultBoss = undefined;
  if (state.started) {
    await state.started.catch(() => undefined);
    await state.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}

export type EnqueueOptions = {
  /** The caller's transaction: the job is committed (or rolled back) with it. */
  tx?: Prisma.TransactionClient;
  startAfter?: Date;
  /** At most one such job per key and time slot of `singletonSeconds` (periodic runs), or per key while queued. */
  singletonKey?: string;
  singletonSeconds?: number;
  singletonNextSlot?: boolean;
};

/** Queues job `name`; returns its id, or null when a job with the same singleton key and slot exists. */
export async function enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts: EnqueueOptions = {}): Promise<string | null> {
  const { tx, ...send } = opts;
  return jobBoss().send(name, payload, { ...send, db: through(tx ?? db) });
}

export type JobItem<N extends JobName> = { data: JobPayloads[N]; startAfter?: Date; singletonKey?: string };

/**
 * Queues one job of `name` per item, in one statement (inside the caller's transaction when given). An item whose
 * singleton key is taken (as the queue's policy says) is skipped.
 */
export async function enqueueMany<N extends JobName>(name: N, items: JobItem<N>[], opts: { tx?: Prisma.TransactionClient } = {}) {
  if (!items.length) return;
  await jobBoss().insert(
    items.map((i) => ({ name, data: i.data, startAfter: i.startAfter?.toISOString(), singletonKey: i.singletonKey })),
    { db: through(opts.tx ?? db) },
  );
}

/**
 * Completes those of `jobs` that are still running, inside the caller's transaction, and answers their ids. A
 * handler writes its outcome in that same transaction and only for these: a job whose lease ran out meanwhile (failed
 * and retried, maybe running elsewhere) is not among them, so its late outcome is never written.
 */
export async function completeJobs(tx: Prisma.TransactionClient, name: JobName, jobIds: string[]): Promise<Set<string>> {
  if (!jobIds.length) return new Set();
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE ${JOB_SCHEMA}.job SET state = 'completed', completed_on = now() WHERE name = $1 AND id = ANY($2::text[]::uuid[]) AND state = 'active' RETURNING id::text`,
    name,
    jobIds,
  );
  return new Set(rows.map((r) => r.id));
}

/** SQL: a job of $1 (the name) in `state`, whose `data` holds $2 and whose `data[$3]` is one of $4 (jobFilterParams). */
const jobWith = (state: string) => `name = $1 AND ${state} AND data @> $2::jsonb AND data->>$3 = ANY($4::text[])`;
/** Not started yet. */
const WAITING_JOB_WITH = jobWith("state = 'created'");
/** Waiting, retrying or running (the states pg-boss orders before 'completed'). */
const LIVE_JOB_WITH = jobWith("state < 'completed'");

function jobFilterParams(name: JobName, match: Record<string, unknown>, field: string, values: readonly string[]) {
  return [name, JSON.stringify(match), field, [...values]] as const;
}

/**
 * Deletes the jobs of `name` that have not started yet and whose `data[field]` is one of `values`, among those whose
 * `data` also holds `match` (a JSON containment): a job queued as a safety net, with the work it stands in for, is
 * dropped once that work was done after all. Answers how many went.
 */
export async function dropWaitingJobs(client: Client, name: JobName, match: Record<string, unknown>, field: string, values: readonly string[]): Promise<number> {
  if (!values.length) return 0;
  return client.$executeRawUnsafe(
    `DELETE FROM ${JOB_SCHEMA}.job WHERE ${WAITING_JOB_WITH}`,
    ...jobFilterParams(name, match, field, values),
  );
}

/**
 * Moves the jobs of `name` that have not started yet (matched as dropWaitingJobs matches them) to start at
 * `startAfter`, and answers the `data[field]` of each one moved: a caller about to do a safety net's work itself
 * claims it this way, and leaves alone the work whose job a worker has already started.
 */
export async function deferWaitingJobs(client: Client, name: JobName, match: Record<string, unknown>, field: string, values: readonly string[], startAfter: Date): Promise<string[]> {
  if (!values.length) return [];
  const rows = await client.$queryRawUnsafe<{ value: string }[]>(
    `UPDATE ${JOB_SCHEMA}.job SET start_after = $5 WHERE ${WAITING_JOB_WITH} RETURNING data->>$3 AS value`,
    ...jobFilterParams(name, match, field, values),
    startAfter,
  );
  return rows.map((r) => r.value);
}

/**
 * Which of `values` still have a job of `name` waiting, retrying or running, among the jobs whose `data` holds `match`
 * (`data[field]` is the value): work a worker took and has not finished, or finished by queueing its next try.
 */
export async function valuesWithLiveJobs(client: Client, name: JobName, match: Record<string, unknown>, field: string, values: readonly string[]): Promise<string[]> {
  if (!values.length) return [];
  const rows = await client.$queryRawUnsafe<{ value: string }[]>(
    `SELECT DISTINCT data->>$3 AS value FROM ${JOB_SCHEMA}.job WHERE ${LIVE_JOB_WITH}`,
    ...jobFilterParams(name, match, field, values),
  );
  return rows.map((r) => r.value);
}

/** SQL: a job of `name` that is waiting, retrying or running carries `key` as its `data[field]`. */
export function liveJobWith(name: JobName, field: string, key: Prisma.Sql) {
  return Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(JOB_SCHEMA)}.job j WHERE j.name = ${name} AND j.state < 'completed' AND j.data->>${field} = ${key})`;
}

/**
 * Queues a job for each row that should have one and has none (`find`, which tests `liveJobWith`): rows an earlier
 * release left, or whose job the library gave up after repeated crashes. Serialised by a transaction lock, so two
 * instances' sweeps never both adopt one row.
 */
export async function adoptOrphans<N extends JobName>(name: N, find: (tx: Prisma.TransactionClient) => Promise<JobItem<N>[]>) {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`adopt:${name}`}))`;
    const orphans = await find(tx);
    await enqueueMany(name, orphans, { tx });
    return orphans.length;
  });
}

/** A job's output as pg-boss stores it (an object). */
function asOutput(output: unknown) {
  return output !== null && typeof output === "object" ? (output as object) : { value: output };
}

/** Runs a job's handler and records its outcome: completed with what it returned, or failed (retried as its queue says). */
async function runOne<N extends JobName>(boss: PgBoss, name: N, job: PgBoss.Job<JobPayloads[N]>, handler: JobHandler<N>) {
  try {
    const output = await handler(job.data, job);
    await boss.complete(name, job.id, asOutput(output));
    return { ok: true as const, output };
  } catch (err) {
    console.error(`[jobs] ${name} job ${job.id} failed`, err);
    await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
    return { ok: false as const, error: err };
  }
}

/** The same for a batch: jobs the handler did not complete itself are completed, or failed if it threw. */
async function runBatch<N extends JobName>(boss: PgBoss, name: N, jobs: PgBoss.Job<JobPayloads[N]>[], handler: BatchJobHandler<N>) {
  const ids = jobs.map((j) => j.id);
  try {
    const output = await handler.run(jobs);
    await boss.complete(name, ids, asOutput(output));
    return { ok: true as const, output };
  } catch (err) {
    console.error(`[jobs] a batch of ${jobs.length} ${name} jobs failed`, err);
    const message = err instanceof Error ? err.message : String(err);
    // (Only those still running: a job the handler completed stays completed.)
    for (const id of ids) await boss.fail(name, id, { message });
    return { ok: false as const, error: err };
  }
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], job: PgBoss.Job<JobPayloads[N]>) => Promise<unknown>;
/** A handler that takes up to `batchSize` due jobs at once (one calendar batch for many proofs). */
export type BatchJobHandler<N extends JobName> = { batchSize: number; run: (jobs: PgBoss.Job<JobPayloads[N]>[]) => Promise<unknown> };
export type AnyJobHandler<N extends JobName> = JobHandler<N> | BatchJobHandler<N>;

/**
 * Runs due jobs of `name` one at a time until none is due or `budgetMs` has passed (at least one) (a cron call on Vercel, where
 * no worker runs between requests). Jobs whose lease ran out (their worker died) are released first, unless the caller
 * only works off the job it has just queued (`maintain: false`): maintenance is a cron call's work, not every request's.
 */
export async function runJobsFor<N extends JobName>(name: N, handler: AnyJobHandler<N>, budgetMs: number, { maintain = true } = {}) {
  const boss = await startedBoss();
  if (maintain) await boss.maintain().catch((err: unknown) => console.error("[jobs] maintenance failed", err));
  const deadline = Date.now() + budgetMs;
  const results: unknown[] = [];
  // At least one job, however short the budget: a run always makes progress.
  do {
    const jobs = await boss.fetch<JobPayloads[N]>(name, { batchSize: typeof handler === "function" ? 1 : handler.batchSize });
    if (!jobs.length) break;
    const result = typeof handler === "function" ? await runOne(boss, name, jobs[0], handler) : await runBatch(boss, name, jobs, handler);
    results.push(result.ok ? result.output : { error: String(result.error) });
  } while (Date.now() < deadline);
  return { ran: results.length, results };
}

/** Jobs of `names` that are due or running (tests wait for none). */
export async function pendingJobs(names: readonly JobName[]) {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    names,
  );
  return row.n;
}
