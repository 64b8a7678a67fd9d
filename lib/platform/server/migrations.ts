import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { pgConfigFromUrl } from "../db/config";
import { installJobQueues } from "../jobs/queues";

const migrationsDir = path.join(process.cwd(), "prisma", "migrations");
// The lock `prisma migrate` itself takes, so our runner and the Prisma CLI never apply at the same time.
const PRISMA_MIGRATE_LOCK = 72707369;

type Migration = { name: string; sql: string; checksum: string };

function localMigrations(): Migration[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

async function appliedMigrations(client: pg.Client) {
  const exists = await client.query("SELECT to_regclass('public._prisma_migrations')::text AS t");
  if (!exists.rows[0].t) return null;
  const rows = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    "SELECT migration_name, checksum, finished_at FROM _prisma_migrations WHERE rolled_back_at IS NULL",
  );
  return rows.rows;
}

export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client(pgConfigFromUrl(databaseUrl));
  await client.connect();
  try {
    const applied = new Set((await appliedMigrations(client))?.filter((r) => r.finished_at).map((r) => r.migration_name));
    return localMigrations().filter((m) => !applied.has(m.name)).map((m) => m.name);
  } finally {
    await client.end();
  }
}

/**
 * Applies pending migrations from prisma/migrations, each in its own transaction, and records them in
 * Prisma's `_prisma_migrations` table exactly as `prisma migrate deploy` would (same checksum, same lock), so
 * the Prisma CLI sees the same history. Done in-process because the CLI's JS schema engine keeps a 10 s timer
 * alive and every cold start and test run would pay for it.
 */
export async function applyPendingMigrations(
  databaseUrl: string,
  log: (line: string) => void = console.log,
  /** Stop after this migration (the upgrade tests build a database as an earlier release left it). */
  options: { through?: string } = {},
) {
  const client = new pg.Client(pgConfigFromUrl(databaseUrl));
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const applied = (await appliedMigrations(client)) ?? [];
    const failed = applied.find((r) => !r.finished_at);
    if (failed) {
      throw new Error(`Migration ${failed.migration_name} failed earlier and must be resolved first (npx prisma migrate resolve).`);
    }
    const done = new Map(applied.map((r) => [r.migration_name, r.checksum]));
    let count = 0;
    const local = localMigrations();
    // A new database gets every migration: one line says so. An upgrade names what it applies (what changed).
    const fresh = applied.length === 0;
    if (options.through && !local.some((m) => m.name === options.through)) throw new Error(`No migration named ${options.through}`);
    for (const m of local.filter((m) => !options.through || m.name <= options.through!)) {
      const checksum = done.get(m.name);
      if (checksum) {
        if (checksum !== m.checksum) log(`Warning: migration ${m.name} was changed after it was applied.`);
        continue;
      }
      if (count === 0) log(fresh ? "Setting up a new database…" : "Applying database migrations…");
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "applied_steps_count")
           VALUES ($1, $2, now(), $3, 1)`,
          [crypto.randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      if (!fresh) log(`  applied ${m.name}`);
      count++;
    }
    if (fresh && count > 0) log(`  ${count} migrations applied`);
    // The job queue's own schema and our queues, installed (or upgraded) by pg-boss under the same lock; a database
    // built only `through` an earlier migration is left as that release left it.
    if (!options.through) await installJobQueues(databaseUrl);
    return count;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}
