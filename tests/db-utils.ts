import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { JOB_SCHEMA, type JobName } from "@/lib/platform/jobs/queues";

let tables: string[] | undefined;

/**
 * Empties every table (and the worker's DATA_DIR blobs/outbox) so each test starts clean, as if the database were new.
 * Only the tables holding rows are truncated: TRUNCATE gives each table (with its indexes and TOAST) new files, which
 * took ~0.2 s for all 23 tables on this busy machine, before every db test; a test writes to a handful of them.
 * Every sequence restarts as well, including one whose rows a test inserted and deleted again.
 */
export async function resetDb() {
  tables ??= (
    await db.$queryRaw<{ tablename: string }[]>`
      SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`
  ).map((t) => t.tablename);
  const filled = await db.$queryRawUnsafe<{ name: string }[]>(
    tables.map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM "${t}")`).join(" UNION ALL "),
  );
  if (filled.length) await db.$executeRawUnsafe(`TRUNCATE ${filled.map((t) => `"${t.name}"`).join(", ")} CASCADE`);
  await db.$queryRaw`
    SELECT setval(c.oid, s.seqstart, false) FROM pg_class c JOIN pg_sequence s ON s.seqrelid = c.oid
    WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace`;
  // The job queue's jobs (its queues stay: they are set up by the migrations, like the tables).
  await db.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.job WHERE EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.job)`);
  const dir = getEnv().dataDir;
  for (const sub of ["blobs", "outbox"]) fs.rmSync(`${dir}/${sub}`, { recursive: true, force: true });
}

// Kept here too so every test file can take its helpers from one import.
export { setEnv, restoreEnv } from "./test-env";
export { allowConsoleError, expectConsoleError, expectConsoleWarn } from "./console";

/** Every file (not directory) under DATA_DIR/blobs, relative to it. */
export function blobFiles(): string[] {
  const root = path.join(getEnv().dataDir, "blobs");
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  return walk(root).map((f) => path.relative(root, f));
}

export function blobPath(blobKey: string) {
  return path.join(getEnv().dataDir, "blobs", blobKey);
}

export type QueuedJob = { id: string; state: string; data: Record<string, unknown>; output: Record<string, unknown> | null; startAfter: Date };

/** The jobs of queue `name` (oldest first), those whose data match `where` when given. */
export async function queuedJobs(name: JobName, where: Record<string, unknown> = {}): Promise<QueuedJob[]> {
  return db.$queryRawUnsafe<QueuedJob[]>(
    `SELECT id::text, state::text, data, output, start_after AS "startAfter" FROM ${JOB_SCHEMA}.job
     WHERE name = $1 AND data @> $2::jsonb ORDER BY created_on, id`,
    name,
    JSON.stringify(where),
  );
}

/** The jobs of `name` waiting for their start time or a worker (not running nor finished), oldest first. */
export async function waitingJobs(name: JobName, where: Record<string, unknown> = {}) {
  return (await queuedJobs(name, where)).filter((j) => j.state === "created" || j.state === "retry");
}

/**
 * Makes the waiting jobs of `name` due now, as time passing would: a test checks when a job was scheduled (its
 * startAfter), then moves it there. Answers how many.
 */
export async function makeJobsDue(name: JobName, where: Record<string, unknown> = {}): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE ${JOB_SCHEMA}.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state IN ('created', 'retry') AND data @> $2::jsonb`,
    name,
    JSON.stringify(where),
  );
}
