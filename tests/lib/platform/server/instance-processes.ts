import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { isProcessAlive } from "@/lib/platform/server/instance-lock";

/** Helpers for tests that run IdeaVault's start-up and scripts as real child processes on a throw-away DATA_DIR. */

export const ROOT = path.resolve(__dirname, "../../../..");
const FIXTURE = path.join(__dirname, "fixtures", "instance.ts");

const dirs: string[] = [];
export function tmpDataDir(label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `iv-${label}-`));
  dirs.push(dir);
  return dir;
}

/** The children see no test database: with DATABASE_URL set, serve.ts and the scripts would use it. */
export function childEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.DEBUG;
  return env;
}

const started: ChildProcess[] = [];
const postgresPids: number[] = [];

/** A `node --import tsx FILE ARGS` child: one process, so a SIGKILL hits the code that holds the lock. */
export function spawnTs(file: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", file, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

export async function waitFor(what: string, check: () => boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs a command of tests/lib/platform/server/fixtures/instance.ts to its end: its exit code and output. */
export async function runFixture(command: "query" | "embedded", dir: string) {
  const run = spawnTs(FIXTURE, [command, dir], childEnv(dir));
  const code = await run.exited;
  return { code, ...run.output() };
}

/** Starts the instance database of `dataDir` in a child process (as `npm start` does) and waits until it is up. */
export async function holdInstance(dataDir: string) {
  const run = spawnTs(FIXTURE, ["hold", dataDir], childEnv(dataDir));
  let exitCode: number | null | undefined;
  void run.exited.then((c) => (exitCode = c));
  await waitFor("the instance to start", () => run.output().stdout.includes("ready") || exitCode !== undefined);
  if (exitCode !== undefined) throw new Error(`The instance did not start: ${run.output().stderr}`);
  const postgresPid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  postgresPids.push(postgresPid);
  return { ...run, postgresPid };
}

/** Leaves no process (even when a test failed half-way) and no data directory behind. */
export async function cleanUpProcesses() {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of postgresPids.splice(0)) {
    if (!isProcessAlive(pid)) continue;
    process.kill(pid, "SIGQUIT");
    await waitFor(`PostgreSQL ${pid} to stop`, () => !isProcessAlive(pid), 30_000);
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
