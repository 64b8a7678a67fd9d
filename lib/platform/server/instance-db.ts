import fs from "node:fs";
import path from "node:path";
import { acquireInstanceLock } from "./instance-lock";
import { readOrCreateLocalSecrets } from "../env/local-secrets";
import { startEmbeddedDb } from "./embedded-db";

/** Published by a running server so that scripts (`npm run invite`, `npm run backup`) reach its database. */
export const RUNTIME_FILE = "runtime.json";
export type RuntimeInfo = { pid: number; databaseUrl: string };

export type InstanceDb = { url: string; dir: string; stop: () => Promise<void> };

/**
 * The embedded database of the instance in `dataDir`, as `npm start` / `npm run dev` run it: the DATA_DIR lock
 * first (a live server holding it wins, with its PID in the message), then the generated secrets, then PostgreSQL
 * (stopping one a killed server left behind), then the runtime file. `stop()` undoes all of it.
 */
export async function startInstanceDatabase(dataDir: string, opts: { log?: (line: string) => void } = {}): Promise<InstanceDb> {
  const release = acquireInstanceLock(dataDir);
  const runtime = path.join(dataDir, RUNTIME_FILE);
  try {
    const secrets = readOrCreateLocalSecrets(dataDir);
    const dir = path.join(dataDir, "postgres");
    const db = await startEmbeddedDb({ dir, password: secrets.dbPassword, log: opts.log });
    const info: RuntimeInfo = { pid: process.pid, databaseUrl: db.url };
    const tmp = `${runtime}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
    fs.renameSync(tmp, runtime);
    let stopped = false;
    return {
      url: db.url,
      dir,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await db.stop();
        } finally {
          fs.rmSync(runtime, { force: true });
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** The runtime file of the live server `pid`, or undefined while that server has not published one yet. */
export function readRuntimeInfo(dataDir: string, pid: number): RuntimeInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, RUNTIME_FILE), "utf8")) as RuntimeInfo;
    return info.pid === pid ? info : undefined;
  } catch {
    return undefined;
  }
}
