import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = "ideavault.lock";

/**
 * Whether `pid` names a running process. A zombie (exited, not yet reaped by its parent) counts as dead:
 * the PostgreSQL of a killed server is re-parented, and whoever adopts it may be slow to reap it.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    // Linux: the state is the field after the parenthesised command name.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc (macOS): kill(pid, 0) is all we know
  }
}

/** The PID of the live process holding DATA_DIR's lock, if any. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8"));
  } catch {
    return undefined;
  }
  return pid && pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
}

export class InstanceLockedError extends Error {
  override name = "InstanceLockedError";
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(`Another IdeaVault server (pid ${pid}) is already using DATA_DIR=${dataDir}: stop it first, or start this one with a different DATA_DIR.`);
  }
}

/**
 * One server per DATA_DIR: a second one would start a second PostgreSQL on the same files.
 * The lock holds the owner's PID; a lock left by a dead process is taken over.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = lockHolder(dataDir);
      if (holder) throw new InstanceLockedError(holder, dataDir);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR=${dataDir}: another process took it at the same time; try again.`);
}
