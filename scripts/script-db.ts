import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { acquireInstanceLock, InstanceLockedError } from "../lib/platform/server/instance-lock";
import { readOrCreateLocalSecrets } from "../lib/platform/env/local-secrets";
import { startEmbeddedDb } from "../lib/platform/server/embedded-db";
import { readRuntimeInfo } from "../lib/platform/server/instance-db";
import { applyPendingMigrations } from "../lib/platform/server/migrations";

/**
 * Runs `fn` with DATABASE_URL pointing at a usable database: the configured one, the one a running
 * server published in DATA_DIR/runtime.json, or an embedded one started (and stopped) for the script.
 */
export async function withScriptDatabase(fn: () => Promise<void>) {
  loadEnvConfig(process.cwd());
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  process.env.DATA_DIR = dataDir;
  if (process.env.DATABASE_URL) return fn();
  let release: (() => void) | undefined;
  try {
    release = acquireInstanceLock(dataDir);
  } catch (err) {
    if (!(err instanceof InstanceLockedError)) throw err;
    const runtime = readRuntimeInfo(dataDir, err.pid);
    if (!runtime) throw new Error(`The IdeaVault server (pid ${err.pid}) on DATA_DIR=${dataDir} is still starting: try again in a moment.`);
    process.env.DATABASE_URL = runtime.databaseUrl;
    process.env.IDEAVAULT_EMBEDDED_DB = "true";
    return fn();
  }
  const db = await startEmbeddedDb({ dir: path.join(dataDir, "postgres"), password: readOrCreateLocalSecrets(dataDir).dbPassword });
  try {
    process.env.DATABASE_URL = db.url;
    process.env.IDEAVAULT_EMBEDDED_DB = "true";
    await applyPendingMigrations(db.url);
    await fn();
  } finally {
    await db.stop();
    release();
  }
}

/** A one-off script's whole run: `main` on a usable database, then the process's exit code (1 and the error on failure). */
export function runScript(main: () => Promise<void>) {
  withScriptDatabase(main).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
