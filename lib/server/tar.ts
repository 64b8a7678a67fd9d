import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { Writable } from "node:stream";

/**
 * The few parts of POSIX tar (ustar, plus pax headers for long names) that backups need: regular files and
 * directories with their modes. Readable by any tar (`tar tzf BACKUP` lists a backup). Node has gzip built in,
 * so no package is needed.
 */

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK);

function octal(value: number, width: number) {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, type: "0" | "5" | "x", mode: number, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name.slice(0, 99), 0, "utf8");
  h.write(octal(mode & 0o7777, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(Math.floor(mtime / 1000), 12), 136);
  h.write(" ".repeat(8), 148);
  h.write(type, 156);
  h.write("ustar\u000000", 257);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + " ", 148);
  return h;
}

function paxRecord(key: string, value: string) {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  private async head(name: string, type: "0" | "5", mode: number, size: number, mtime: number) {
    if (Buffer.byteLength(name) > 99) {
      const pax = Buffer.from(paxRecord("path", name));
      await this.write(header("././@PaxHeader", "x", 0o644, pax.length, mtime));
      await this.write(Buffer.concat([pax, ZEROS.subarray(0, (BLOCK - (pax.length % BLOCK)) % BLOCK)]));
    }
    await this.write(header(name, type, mode, size, mtime));
  }

  async directory(name: string, mode = 0o700, mtime = Date.now()) {
    await this.head(name.endsWith("/") ? name : `${name}/`, "5", mode, 0, mtime);
  }

  async buffer(name: string, data: Buffer | string, mode = 0o600, mtime = Date.now()) {
    const body = Buffer.from(data);
    await this.head(name, "0", mode, body.length, mtime);
    await this.write(body);
    await this.write(ZEROS.subarray(0, (BLOCK - (body.length % BLOCK)) % BLOCK));
  }

  /**
   * Copies `file` with the size it has now. A file that shrinks while it is read is padded with zeros and one that
   * grows is cut, as pg_basebackup does: PostgreSQL's WAL replay repairs both. Returns false if the file is gone.
   */
  async file(name: string, file: string): Promise<boolean> {
    let fd: number;
    try {
      fd = fs.openSync(file, "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
    try {
      const stat = fs.fstatSync(fd);
      await this.head(name, "0", stat.mode, stat.size, stat.mtimeMs);
      const chunk = Buffer.alloc(1 << 20);
      let done = 0;
      while (done < stat.size) {
        const want = Math.min(chunk.length, stat.size - done);
        const got = fs.readSync(fd, chunk, 0, want, done);
        if (got === 0) {
          await this.write(Buffer.alloc(want));
          done += want;
        } else {
          await this.write(Buffer.from(chunk.subarray(0, got)));
          done += got;
        }
      }
      await this.write(ZEROS.subarray(0, (BLOCK - (stat.size % BLOCK)) % BLOCK));
      return true;
    } finally {
      fs.closeSync(fd);
    }
  }

  async finish() {
    await this.write(Buffer.concat([ZEROS, ZEROS]));
  }
}

export type TarEntry = { name: string; type: "file" | "directory"; mode: number; size: number };

/**
 * Unpacks a tar stream under `root`. `accept` sees each entry first and throws to refuse it. Writes are
 * synchronous, which keeps backpressure trivial. `ended` tells whether the end-of-archive blocks were seen:
 * a truncated archive is not a backup.
 */
export class TarExtractor extends Writable {
  ended = false;
  private pending: Buffer = Buffer.alloc(0);
  private entry: (TarEntry & { fd?: number; left: number; pad: number; pax?: boolean }) | undefined;
  private paxPath: string | undefined;
  private paxBody: Buffer[] = [];

  constructor(
    private readonly root: string,
    private readonly accept: (entry: TarEntry) => void,
  ) {
    super();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, callback: (err?: Error | null) => void) {
    try {
      this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
      this.consume();
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _final(callback: (err?: Error | null) => void) {
    callback(this.entry || !this.ended ? new Error("the archive ends too early") : null);
  }

  private target(name: string) {
    const clean = path.posix.normalize(name).replace(/\/$/, "");
    if (path.posix.isAbsolute(clean) || clean === ".." || clean.startsWith("../")) throw new Error(`unsafe path ${name}`);
    return path.join(this.root, clean);
  }

  private consume() {
    for (;;) {
      if (this.entry) {
        const e = this.entry;
        if (e.left > 0) {
          if (!this.pending.length) return;
          const part = this.pending.subarray(0, Math.min(e.left, this.pending.length));
          if (e.pax) this.paxBody.push(Buffer.from(part));
          else if (e.fd !== undefined) fs.writeSync(e.fd, part);
          e.left -= part.length;
          this.pending = this.pending.subarray(part.length);
          continue;
        }
        if (this.pending.length < e.pad) return;
        this.pending = this.pending.subarray(e.pad);
        if (e.fd !== undefined) fs.closeSync(e.fd);
        if (e.pax) {
          const text = Buffer.concat(this.paxBody).toString("utf8");
          this.paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(text)?.[1];
          this.paxBody = [];
        }
        this.entry = undefined;
        continue;
      }
      if (this.ended) {
        this.pending = Buffer.alloc(0); // padding after the end-of-archive blocks
        return;
      }
      if (this.pending.length < BLOCK) return;
      const h = this.pending.subarray(0, BLOCK);
      this.pending = this.pending.subarray(BLOCK);
      if (h.equals(ZEROS)) {
        this.ended = true;
        continue;
      }
      const field = (at: number, len: number) => h.subarray(at, at + len).toString("utf8").replace(/\0.*$/s, "").trim();
      let stored = 0;
      for (let i = 0; i < BLOCK; i++) stored += i >= 148 && i < 156 ? 32 : h[i];
      if (parseInt(field(148, 8), 8) !== stored) throw new Error("a damaged tar header");
      const size = parseInt(field(124, 12), 8) || 0;
      const mode = parseInt(field(100, 8), 8) || 0o600;
      const typeflag = field(156, 1) || "0";
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (typeflag === "x") {
        this.entry = { name: "", type: "file", mode, size, left: size, pad, pax: true };
        continue;
      }
      const prefix = field(345, 155);
      const name = this.paxPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
      this.paxPath = undefined;
      if (typeflag !== "0" && typeflag !== "5") throw new Error(`an unexpected entry type in ${name}`);
      const entry: TarEntry = { name: name.replace(/\/$/, ""), type: typeflag === "5" ? "directory" : "file", mode: mode & 0o777, size };
      this.accept(entry);
      const target = this.target(entry.name);
      if (entry.type === "directory") {
        fs.mkdirSync(target, { recursive: true, mode: entry.mode });
        fs.chmodSync(target, entry.mode);
        this.entry = { ...entry, left: 0, pad: 0 };
      } else {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        const fd = fs.openSync(target, "wx", entry.mode);
        this.entry = { ...entry, fd, left: size, pad };
      }
    }
  }
}
