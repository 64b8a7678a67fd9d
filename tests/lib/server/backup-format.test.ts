import fs from "node:fs";
import path from "node:path";
import { childEnv, cleanUpProcesses, spawnTs, tmpDataDir, ROOT } from "./instance-processes";

// Backups already written must keep restoring. tests/fixtures/backup-format-1.tar.gz was written by the TAR writer
// `npm run backup` used before it moved to tar-stream (ustar headers, a pax header for a name over 99 bytes,
// directories with their modes, an empty file, sizes on and off the 512-byte block); see tests/fixtures/README.md.
afterEach(cleanUpProcesses, 60_000);

const RESTORE = path.join(ROOT, "scripts", "restore.ts");
const FIXTURE = path.join(ROOT, "tests", "fixtures", "backup-format-1.tar.gz");

/** The bytes the fixture's generator wrote for a file of `n` bytes with `seed`. */
const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 131 + seed * 17 + ((i * i) >> 3)) & 0xff));
const LONG = `blobs/files/ab/${"a-name-longer-than-the-ustar-name-field-".repeat(3)}end`;

const FILES: Record<string, { data: Buffer; mode: number }> = {
  "postgres/PG_VERSION": { data: Buffer.from("18\n"), mode: 0o600 },
  "postgres/base/5/1259": { data: bytes(8192, 1), mode: 0o600 },
  "postgres/base/5/2608_fsm": { data: bytes(3001, 2), mode: 0o640 },
  "postgres/base/5/pg_filenode.map": { data: Buffer.alloc(0), mode: 0o600 },
  "postgres/backup_label": { data: Buffer.from("START WAL LOCATION: 0/2000028 (file 000000010000000000000002)\nLABEL: ideavault\n"), mode: 0o600 },
  "postgres/pg_wal/000000010000000000000002": { data: bytes(65536, 3), mode: 0o600 },
  "secrets.json": { data: Buffer.from(JSON.stringify({ dbPassword: "fixture-db-password" })), mode: 0o600 },
  [LONG]: { data: bytes(700, 4), mode: 0o600 },
  "blobs/files/ab/blob-512": { data: bytes(512, 5), mode: 0o600 },
};
const DIRS: Record<string, number> = {
  postgres: 0o700,
  "postgres/base": 0o700,
  "postgres/base/5": 0o700,
  "postgres/pg_wal": 0o700,
  "postgres/pg_wal/archive_status": 0o700,
  blobs: 0o700,
  "blobs/files": 0o700,
  "blobs/files/ab": 0o755,
};

function tree(root: string, rel = ""): string[] {
  return fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const name = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? [`${name}/`, ...tree(root, name)] : [name];
  });
}

it("restores a backup written by the earlier TAR writer: every file byte for byte, every mode, nothing else", async () => {
  const parent = tmpDataDir("format-dst");
  const target = path.join(parent, "data");
  const run = spawnTs(RESTORE, [FIXTURE], childEnv(target));
  const code = await run.exited;
  expect(run.output().stderr).toBe("");
  expect(code).toBe(0);

  expect(tree(target).sort()).toEqual([...Object.keys(FILES), ...Object.keys(DIRS).map((d) => `${d}/`)].sort());
  for (const [name, want] of Object.entries(FILES)) {
    expect([name, fs.readFileSync(path.join(target, name))]).toEqual([name, want.data]);
    expect([name, fs.statSync(path.join(target, name)).mode & 0o777]).toEqual([name, want.mode]);
  }
  for (const [name, mode] of Object.entries(DIRS)) expect([name, fs.statSync(path.join(target, name)).mode & 0o777]).toEqual([name, mode]);
}, 120_000);
