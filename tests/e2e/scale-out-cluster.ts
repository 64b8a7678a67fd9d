/**
 * The two-instance deployment of tests/e2e/scale-out.spec.ts: a PostgreSQL cluster of Debian's `postgresql` package
 * (not the embedded one) in a temporary directory, migrated once, and two production servers (`npm start`'s code
 * path, `scripts/serve.ts start`) on it with the same secrets and one shared DATA_DIR (a shared volume stands in for
 * the blob store). Everything runs on 127.0.0.1 and is stopped by stop(), or killed when the worker exits anyway.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The newest Debian PostgreSQL's bin directory (/usr/lib/postgresql/<major>/bin), or null when none is installed. */
export function debianPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  let majors: string[];
  try {
    majors = fs.readdirSync(root).filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const usable = majors
    .sort((a, b) => Number(b) - Number(a))
    .map((m) => path.join(root, m, "bin"))
    .filter((bin) => ["postgres", "initdb", "pg_ctl"].every((tool) => fs.existsSync(path.join(bin, tool))));
  return usable[0] ?? null;
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its tools run as Debian's `postgres` user. */
function postgresIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

type Server = { name: string; base: string; child: ChildProcess; log: string[] };

export type Cluster = {
  /** The two instances' base URLs (A, B). */
  bases: [string, string];
  databaseUrl: string;
  db: pg.Client;
  stop: () => Promise<void>;
};

/** Polls `check` until it holds; `fatal` names a reason to give up at once (a process that died). */
async function waitUntil(what: string, ms: number, check: () => Promise<boolean>, fatal: () => string | null, diagnostics: () => string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const dead = fatal();
    if (dead) throw new Error(`${dead}\n${diagnostics()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} within ${ms} ms\n${diagnostics()}`);
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Runs a script of the project with `node tsx`, resolving when it exits 0. */
function runScript(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", script], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}:\n${output}`))));
  });
}

export async function startCluster(opts: { bin: string; env: Record<string, string> }): Promise<Cluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-scaleout-"));
  const pgDir = path.join(root, "pg");
  const dataDir = path.join(root, "data");
  fs.chmodSync(root, 0o755); // mkdtemp's 0700 would keep the postgres user out of pg/
  fs.mkdirSync(pgDir, { mode: 0o700 });
  fs.mkdirSync(dataDir);
  const who = postgresIdentity();
  if (who) fs.chownSync(pgDir, who.uid, who.gid);
  const pgCtl = path.join(opts.bin, "pg_ctl");
  const asPostgres = { ...(who ?? {}), cwd: pgDir, stdio: "pipe" as const, env: { ...process.env, LC_ALL: "C" } };

  const servers: Server[] = [];
  let pgStarted = false;
  let db: pg.Client | undefined;

  // Last resort when the worker dies without afterAll (a crash, a timeout's teardown): no orphaned processes.
  const killAll = () => {
    for (const s of servers) {
      try {
        if (!exited(s.child)) process.kill(-s.child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (pgStarted) {
      try {
        execFileSync(pgCtl, ["-D", pgDir, "-m", "immediate", "-w", "stop"], asPostgres);
      } catch {
        // already stopped
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.once("exit", killAll);

  const stop = async () => {
    process.removeListener("exit", killAll);
    await db?.end().catch(() => undefined);
    await Promise.all(
      servers.map(async (s) => {
        if (exited(s.child)) return;
        const gone = new Promise((r) => s.child.once("exit", r));
        try {
          process.kill(-s.child.pid!, "SIGTERM");
        } catch {
          return;
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-s.child.pid!, "SIGKILL");
          } catch {
            // exited meanwhile
          }
        }, 10_000);
        await gone;
        clearTimeout(timer);
      }),
    );
    if (pgStarted) execFileSync(pgCtl, ["-D", pgDir, "-m", "fast", "-w", "-t", "30", "stop"], asPostgres);
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    execFileSync(path.join(opts.bin, "initdb"), ["-D", pgDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"], asPostgres);
    const pgPort = await freePort();
    // Durability is not under test: without fsync the cluster keeps up with a busy machine.
    const serverOptions = [`-p ${pgPort}`, `-k ${pgDir}`, "-c listen_addresses=127.0.0.1", "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"];
    pgStarted = true;
    execFileSync(pgCtl, ["-D", pgDir, "-l", path.join(pgDir, "server.log"), "-w", "-t", "60", "-o", serverOptions.join(" "), "start"], asPostgres);

    const admin = new pg.Client({ host: "127.0.0.1", port: pgPort, user: "postgres", database: "postgres" });
    await admin.connect();
    await admin.query("CREATE DATABASE ideavault");
    await admin.end();
    const databaseUrl = `postgresql://postgres@127.0.0.1:${pgPort}/ideavault`;

    // Migrated once, before either instance starts (a release step in a real deployment).
    const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64"), ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64") };
    delete env.IDEAVAULT_EMBEDDED_DB;
    await runScript("scripts/migrate.ts", env);

    const ports = [await freePort(), await freePort()];
    const bases = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    for (const [i, port] of ports.entries()) {
      const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "start"], {
        // Both answer for the same public address, as behind a load balancer.
        env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1", NEXTAUTH_URL: bases[0] },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      const server: Server = { name: "AB"[i], base: bases[i], child, log: [] };
      const keep = (d: Buffer) => {
        server.log.push(d.toString());
        if (server.log.length > 200) server.log.shift();
      };
      child.stdout!.on("data", keep);
      child.stderr!.on("data", keep);
      servers.push(server);
    }
    await Promise.all(
      servers.map((s) =>
        waitUntil(
          `instance ${s.name} did not answer /api/health`,
          120_000,
          async () => (await fetch(`${s.base}/api/health`)).status === 200,
          () => (exited(s.child) ? `instance ${s.name} exited early` : null),
          () => s.log.join(""),
        ),
      ),
    );
    db = new pg.Client({ host: "127.0.0.1", port: pgPort, user: "postgres", database: "ideavault" });
    await db.connect();
    return { bases, databaseUrl, db, stop };
  } catch (err) {
    await stop().catch(() => killAll());
    throw err;
  }
}
