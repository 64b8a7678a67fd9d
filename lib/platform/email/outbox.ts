import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { getEnv } from "@/lib/platform/env";

/** An attached file, its bytes base64-encoded. */
export type OutboxAttachment = { filename: string; contentType: string; content: string };
export type OutboxEntry = { id: string; from: string; to: string; subject: string; text: string; html: string; sentAt: string; replyTo?: string; attachments?: OutboxAttachment[] };

function outboxDir() {
  return path.join(getEnv().dataDir, "outbox");
}

/** A finished mail: `<id>.json`. Unfinished ones are written as `.<id>.json.tmp` and never match. */
export function isOutboxFileName(name: string) {
  return name.endsWith(".json") && !name.startsWith(".");
}

/**
 * Writes the mail under a temporary name, then renames it into place: rename is atomic within a directory, so a
 * reader sees either no file or the whole mail, never a half-written one.
 */
let sequence = 0;

export async function writeToOutbox(m: Omit<OutboxEntry, "id" | "sentAt">) {
  const sentAt = new Date().toISOString();
  // Names sort by time; the sequence keeps two mails of the same millisecond (from this process) in order.
  const seq = (sequence++ % 1_000_000).toString().padStart(6, "0");
  const id = `${sentAt.replace(/[:.]/g, "-")}-${seq}-${crypto.randomBytes(4).toString("hex")}`;
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(dir, `.${id}.json.tmp`);
  try {
    await fs.writeFile(tmp, JSON.stringify({ id, sentAt, ...m }, null, 2), { mode: 0o600 });
    await fs.rename(tmp, path.join(dir, `${id}.json`));
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  return id;
}

function isOutboxEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const attachmentsOk =
    v.attachments === undefined ||
    (Array.isArray(v.attachments) &&
      v.attachments.every((a: unknown) => {
        const f = a as Record<string, unknown> | null;
        return !!f && typeof f.filename === "string" && typeof f.contentType === "string" && typeof f.content === "string";
      }));
  return attachmentsOk && ["id", "from", "to", "subject", "text", "html", "sentAt"].every((k) => typeof v[k] === "string");
}

/**
 * The mail in one file, or null when it is not a complete mail: removed since the directory was listed, or
 * left truncated by a crash or by a writer older than the rename above. Other read errors are real and thrown.
 */
async function readEntry(file: string): Promise<OutboxEntry | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    return isOutboxEntry(parsed) ? parsed : null;
  } catch {
    return null; // unparsable: not a finished mail (see above)
  }
}

/** Newest first, complete mails only: the outbox under DATA_DIR (the dev page, jest). */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  return listOutboxIn(outboxDir(), limit);
}

/** The same for an outbox directory named by the caller (the e2e tests read the server's from outside it). */
export async function listOutboxIn(dir: string, limit = Number.POSITIVE_INFINITY): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter(isOutboxFileName);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  names.sort().reverse();
  const entries: OutboxEntry[] = [];
  // Read in slices so that skipped files do not shorten the list.
  const slice = Math.min(limit, 50);
  for (let i = 0; i < names.length && entries.length < limit; i += slice) {
    const read = await Promise.all(names.slice(i, i + slice).map((n) => readEntry(path.join(dir, n))));
    for (const entry of read) if (entry && entries.length < limit) entries.push(entry);
  }
  return entries;
}
