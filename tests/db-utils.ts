import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { getEnv, resetEnvCache } from "@/lib/env";

let tables: string[] | undefined;

/** Empties every table (and the worker's DATA_DIR blobs/outbox) so each test starts clean. */
export async function resetDb() {
  tables ??= (
    await db.$queryRaw<{ tablename: string }[]>`
      SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`
  ).map((t) => t.tablename);
  await db.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`);
  const dir = getEnv().dataDir;
  for (const sub of ["blobs", "outbox"]) fs.rmSync(`${dir}/${sub}`, { recursive: true, force: true });
}

/** Lets one test log an expected console.error (e.g. a 500 path). */
export function allowConsoleError() {
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
}

/** Changes environment variables for one test; restored before the next (see after-env.ts). */
export function setEnv(vars: Record<string, string | undefined>) {
  const saved = (globalThis as { __savedEnv?: Record<string, string | undefined> }).__savedEnv ?? {};
  for (const [k, v] of Object.entries(vars)) {
    if (!(k in saved)) saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  (globalThis as { __savedEnv?: Record<string, string | undefined> }).__savedEnv = saved;
  resetEnvCache();
}

export function restoreEnv() {
  const saved = (globalThis as { __savedEnv?: Record<string, string | undefined> }).__savedEnv ?? {};
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  (globalThis as { __savedEnv?: Record<string, string | undefined> }).__savedEnv = undefined;
  resetEnvCache();
}

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
