/** Starts the production server (`npm start` code path) on a throw-away DATA_DIR for a benchmark, and stops it. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type BenchServer = {
  base: string;
  dataDir: string;
  databaseUrl: string;
  stop: () => Promise<void>;
  cpuMs: () => number;
  /** Resident memory now of the server's Node processes and of its PostgreSQL's (bytes; see processGroupRss). */
  rss: () => { node: number; postgres: number };
};

/**
 * CPU time (user + system, ms) used so far by every process of a process group and their descendants (the server
 * and its PostgreSQL: PostgreSQL's backends start sessions of their own, so the group alone misses the database's
 * work): on a machine busy with other work, latency says little, while the CPU a request costs does not depend on it.
 */
export function processGroupCpuMs(pgid: number): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const procs = new Map<number, { ppid: number; pgrp: number; cpu: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces, inside parentheses): state is field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields 4, 5: ppid, pgrp; 14-17: utime, stime and those of its children that ended (a backend that closed)
    const cpu = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * tick;
    procs.set(Number(entry), { ppid: Number(fields[1]), pgrp: Number(fields[2]), cpu });
  }
  const inGroup = (pid: number, depth = 0): boolean => {
    const p = procs.get(pid);
    return !!p && (p.pgrp === pgid || (depth < 20 && inGroup(p.ppid, depth + 1)));
  };
  let total = 0;
  for (const [pid, p] of procs) if (inGroup(pid)) total += p.cpu;
  return total;
}

/**
 * Resident set size (bytes) of a process group's processes by kind: the Node server (tsx and the Next server) and the
 * embedded PostgreSQL. PostgreSQL's shared buffers are counted in every backend that touched them, so its figure is
 * an upper bound; the Node figure is exact.
 */
export function processGroupRss(pgid: number): { node: number; postgres: number } {
  const total = { node: 0, postgres: 0 };
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let status: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    total[command === "postgres" ? "postgres" : "node"] += kb * 1024;
  }
  return total;
}

/** Polls until `url` answers below 500, or fails after `ms`. */
export async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start within ${ms} ms`);
}

/** Another server on the port would answer the readiness check and take the benchmark's requests. */
async function assertPortFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () => reject(new Error(`port ${port} is in use: set BENCH_PORT to a free one`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first.");
  await assertPortFree(port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-bench-"));
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "start"], {
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATA_DIR: dataDir, REGISTRATION_MODE: "open", RATE_LIMIT_SCALE: "1000", ...env },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const stop = async () => {
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/login`, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(dataDir, "runtime.json"), "utf8"));
  return { base, dataDir, databaseUrl, stop, cpuMs: () => processGroupCpuMs(server.pid!), rss: () => processGroupRss(server.pid!) };
}

/** Registers and signs in an account; returns its cookie header. */
export async function signUp(base: string, account: { name: string; email: string; password: string }) {
  const json = { "content-type": "application/json" };
  await fetch(`${base}/api/auth/register`, { method: "POST", headers: json, body: JSON.stringify(account) });
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify(account) });
  if (login.status !== 200) throw new Error(`login: HTTP ${login.status}`);
  return login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
