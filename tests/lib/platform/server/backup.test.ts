import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { setEnv } from "../../../test-env";
import { decrypt, encrypt } from "@/lib/platform/crypto";
import type { LocalSecrets } from "@/lib/platform/env/local-secrets";
import { childEnv, cleanUpProcesses, holdInstance, runFixture, spawnTs, tmpDataDir, ROOT } from "./instance-processes";

// `npm run backup` / `npm run restore` of the embedded default, run as the real scripts.
afterEach(cleanUpProcesses, 60_000);

const BACKUP = path.join(ROOT, "scripts", "backup.ts");
const RESTORE = path.join(ROOT, "scripts", "restore.ts");

async function script(file: string, arg: string, dataDir: string) {
  const run = spawnTs(file, [arg], childEnv(dataDir));
  const code = await run.exited;
  return { code, ...run.output() };
}

async function restoredRows(dataDir: string) {
  const run = await runFixture("query", dataDir);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { rows: { id: number; note: string }[] }).rows;
}

const readSecrets = (dataDir: string) => JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as LocalSecrets;

describe("backup and restore", () => {
  it("snapshots a running instance during writes; the restored one has every write acknowledged before the backup began", async () => {
    const dataDir = tmpDataDir("backup-src");
    const server = await holdInstance(dataDir);
    const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(dataDir, "runtime.json"), "utf8")) as { databaseUrl: string };
    const secrets = readSecrets(dataDir);
    setEnv({ ENCRYPTION_KEY: secrets.encryptionKey, ENCRYPTION_KEY_ID: secrets.encryptionKeyId });
    const envelope = encrypt(Buffer.from("an idea only the instance's key opens"), "backup-probe");
    fs.mkdirSync(path.join(dataDir, "blobs", "files", "ab"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "blobs", "files", "ab", "blob-1"), envelope);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("INSERT INTO crash_probe VALUES (2, $1)", [envelope.toString("base64")]);
    const acked: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let id = 1000; writing; id++) {
        await client.query("INSERT INTO crash_probe VALUES ($1, 'written while the backup ran')", [id]);
        acked.push(id);
      }
    })();
    try {
      while (acked.length < 20) await new Promise((r) => setTimeout(r, 20));
      const ackedBefore = [...acked];
      const file = path.join(tmpDataDir("backup-file"), "instance.tar.gz");
      const backup = await script(BACKUP, file, dataDir);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(new RegExp(`taken while the server \\(pid ${server.child.pid}\\) was running`));
      expect(acked.length).toBeGreaterThan(ackedBefore.length); // the writes went on during the backup
      writing = false;
      await writer;
      await client.end();
      server.child.kill("SIGTERM");
      await server.exited;

      const parent = tmpDataDir("backup-dst");
      fs.chmodSync(parent, 0o711); // as root, PostgreSQL runs as the postgres user, which must get through
      const target = path.join(parent, "data"); // does not exist yet
      const restore = await script(RESTORE, file, target);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);

      const rows = await restoredRows(target);
      const ids = new Set(rows.map((r) => r.id));
      expect(ackedBefore.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.has(1)).toBe(true);
      const restoredSecrets = readSecrets(target);
      expect(restoredSecrets).toEqual(secrets);
      setEnv({ ENCRYPTION_KEY: restoredSecrets.encryptionKey, ENCRYPTION_KEY_ID: restoredSecrets.encryptionKeyId });
      const stored = Buffer.from(rows.find((r) => r.id === 2)!.note, "base64");
      expect(decrypt(stored, "backup-probe").toString()).toBe("an idea only the instance's key opens");
      expect(fs.readFileSync(path.join(target, "blobs", "files", "ab", "blob-1"))).toEqual(envelope);
      expect(fs.existsSync(path.join(target, "runtime.json"))).toBe(false);

      const again = await script(RESTORE, file, target);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(`✖ DATA_DIR=${target} is not empty: restore into a new or empty directory (set DATA_DIR to it).`);
    } finally {
      writing = false;
      await writer.catch(() => {});
      await client.end().catch(() => {});
    }
  }, 300_000);

  it("backs up a stopped instance, and refuses a truncated backup leaving the directory empty", async () => {
    const dataDir = tmpDataDir("cold-src");
    const server = await holdInstance(dataDir);
    server.child.kill("SIGTERM");
    await server.exited;
    const file = path.join(tmpDataDir("cold-file"), "cold.tar.gz");
    const backup = await script(BACKUP, file, dataDir);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/taken with no server running/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["cold.tar.gz"]); // no temporary file left

    const target = tmpDataDir("cold-dst");
    expect((await script(RESTORE, file, target)).code).toBe(0);
    expect(await restoredRows(target)).toEqual([{ id: 1, note: "written before the crash" }]);

    const truncated = path.join(path.dirname(file), "truncated.tar.gz");
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
    const empty = tmpDataDir("truncated-dst");
    const broken = await script(RESTORE, truncated, empty);
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim()).toMatch(new RegExp(`^✖ ${truncated.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not a complete IdeaVault backup \\(.+\\): restore another backup file\\.$`));
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 300_000);
});
