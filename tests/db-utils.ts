import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";

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
