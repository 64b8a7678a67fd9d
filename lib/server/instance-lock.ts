import fs from "node:fs";
import path from "node:path";

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One server per DATA_DIR: a second one would start a second PostgreSQL on the same files.
 * The lock holds the owner's PID; a lock left by a dead process is taken over.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, "ideavault.lock");
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
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `Another IdeaVault server (pid ${pid}) is already using DATA_DIR=${dataDir}. ` +
            `Stop it first, or start this one with a different DATA_DIR.`,
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock DATA_DIR=${dataDir}`);
}
