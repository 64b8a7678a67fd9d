import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as tar from "tar-stream";
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

async function restore(file: string, target: string) {
  const run = spawnTs(RESTORE, [file], childEnv(target));
  const code = await run.exited;
  return { code, ...run.output() };
}

it("restores a backup written by the earlier TAR writer: every file byte for byte, every mode, nothing else", async () => {
  const parent = tmpDataDir("format-dst");
  const target = path.join(parent, "data");
  const run = await restore(FIXTURE, target);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);

  expect(tree(target).sort()).toEqual([...Object.keys(FILES), ...Object.keys(DIRS).map((d) => `${d}/`)].sort());
  for (const [name, want] of Object.entries(FILES)) {
    expect([name, fs.readFileSync(path.join(target, name))]).toEqual([name, want.data]);
    expect([name, fs.statSync(path.join(target, name)).mode & 0o777]).toEqual([name, want.mode]);
  }
  for (const [name, mode] of Object.entries(DIRS)) expect([name, fs.statSync(path.join(target, name)).mode & 0o777]).toEqual([name, mode]);
}, 120_000);

type Entry = { header: Partial<tar.Header> & { name: string }; body?: string };

const MANIFEST: Entry = { header: { name: "ideavault-backup.json" }, body: JSON.stringify({ format: "ideavault-backup", version: 1 }) };
const COMPLETE: Entry[] = [
  MANIFEST,
  { header: { name: "postgres/", type: "directory", mode: 0o700 } },
  { header: { name: "postgres/backup_label" }, body: "LABEL: ideavault\n" },
  { header: { name: "secrets.json" }, body: "{}" },
];

/** A .tar.gz of `entries` written by tar-stream; `edit` changes the uncompressed bytes before gzip. */
async function archive(entries: Entry[], edit: (raw: Buffer) => Buffer = (raw) => raw) {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (c) => chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  for (const { header, body } of entries) pack.entry(header, body ?? "");
  pack.finalize();
  await ended;
  const file = path.join(tmpDataDir("hostile-file"), "backup.tar.gz");
  fs.writeFileSync(file, zlib.gzipSync(edit(Buffer.concat(chunks))));
  return file;
}

describe("refuses a hostile or broken archive and leaves the directory as it was", () => {
  const escape = { header: { name: "postgres/../../escape" }, body: "outside" };
  it.each<[string, () => Promise<string>, RegExp]>([
    ["a path that climbs out of DATA_DIR", () => archive([...COMPLETE.slice(0, 2), escape, ...COMPLETE.slice(2)]), /unsafe path postgres\/\.\.\/\.\.\/escape/],
    ["a symbolic link", () => archive([...COMPLETE, { header: { name: "blobs/link", type: "symlink", linkname: "/etc" } }]), /an unexpected entry type in blobs\/link/],
    ["a hard link", () => archive([...COMPLETE, { header: { name: "blobs/link", type: "link", linkname: "secrets.json" } }]), /an unexpected entry type in blobs\/link/],
    ["an entry outside the backup's folders", () => archive([...COMPLETE, { header: { name: "etc/passwd" }, body: "x" }]), /it holds an unexpected entry etc\/passwd/],
    ["no manifest first", () => archive(COMPLETE.slice(1)), /it does not start with an IdeaVault backup manifest/],
    ["a file given twice", () => archive([...COMPLETE, COMPLETE[3]]), /EEXIST/],
    ["a damaged header", () => archive(COMPLETE, (raw) => Buffer.concat([raw.subarray(0, 1024 + 10), Buffer.from("X"), raw.subarray(1024 + 11)])), /Invalid tar header/],
    ["an archive cut at an entry's end (no end-of-archive blocks)", () => archive(COMPLETE, (raw) => raw.subarray(0, raw.length - 1024)), /the archive ends too early/],
    ["a manifest of another format", () => archive([{ ...MANIFEST, body: JSON.stringify({ format: "other", version: 1 }) }, ...COMPLETE.slice(1)]), /its manifest is not one this version reads/],
  ])("%s", async (_what, make, reason) => {
    const file = await make();
    const parent = tmpDataDir("hostile-dst");
    const target = path.join(parent, "data");
    const run = await restore(file, target);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(new RegExp(`^✖ ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not a complete IdeaVault backup \\(.+\\): restore another backup file\\.$`));
    expect(run.stderr).toMatch(reason);
    expect(fs.readdirSync(parent)).toEqual(["data"]);
    expect(fs.readdirSync(target)).toEqual([]);
  }, 120_000);

  it("restores the same entries when nothing is wrong with them (the cases above differ only in what they break)", async () => {
    const target = path.join(tmpDataDir("complete-dst"), "data");
    const run = await restore(await archive(COMPLETE), target);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(fs.readFileSync(path.join(target, "postgres", "backup_label"), "utf8")).toBe("LABEL: ideavault\n");
  }, 120_000);
});
