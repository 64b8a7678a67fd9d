import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import pg from "pg";
import { pgConfigFromUrl } from "../db-config";

const migrationsDir = path.join(process.cwd(), "prisma", "migrations");

export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const all = fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const client = new pg.Client(pgConfigFromUrl(databaseUrl));
  await client.connect();
  try {
    const exists = await client.query("SELECT to_regclass('public._prisma_migrations')::text AS t");
    if (!exists.rows[0].t) return all;
    const done = await client.query(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const applied = new Set(done.rows.map((r: { migration_name: string }) => r.migration_name));
    return all.filter((m) => !applied.has(m));
  } finally {
    await client.end();
  }
}

/**
 * Applies pending migrations with `prisma migrate deploy`. Skipped when nothing is pending, because the
 * JS schema engine keeps a 10 s timer alive and every start would pay for it.
 */
export async function applyPendingMigrations(databaseUrl: string, log: (line: string) => void = console.log) {
  const pending = await pendingMigrations(databaseUrl);
  if (!pending.length) return 0;
  log(`Applying ${pending.length} database migration(s)…`);
  const cli = path.join(process.cwd(), "node_modules", "prisma", "build", "index.js");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`)),
    );
  });
  return pending.length;
}
