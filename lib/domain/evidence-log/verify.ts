import { entryHash, isHex64, merkleRootFromPath, ZERO_HASH, type LogAnchorLine, type LogEntry, type MerkleStep } from "@/lib/domain/evidence-log/chain";

/**
 * Checks an evidence log as the log route writes it (JSON Lines: entries in seq order, anchor lines after the
 * entries they cover), without trusting anything but the hashes: the algorithm of docs/evidence-log.md. Pure, so the
 * server, tests and any outside verifier (it needs only SHA-256 and RFC 8785) reach the same verdict.
 *
 * An entry's hash is recomputed (an edit), its prev must be the previous entry's hash (an edit elsewhere, an entry
 * inserted or removed), its seq the next number (a deletion, an insertion, a reordering); an anchor's path from the
 * hash of the entry just before it must reach the anchor's root (entries rewritten, hashes and all, after the anchor
 * was made). The first failure is named: its line (from 1) and the seq it concerns.
 */
export type LogVerdict =
  | { valid: true; entries: number; anchors: number; head: { seq: number; hash: string } | null }
  | { valid: false; line: number; seq: number | null; reason: string };

const ENTRY_KEYS = ["at", "data", "hash", "prev", "seq", "type"].join(",");
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isPath(path: unknown): path is MerkleStep[] {
  return Array.isArray(path) && path.every((s) => isObject(s) && (s.side === "left" || s.side === "right") && isHex64(s.hash));
}

function isEntry(v: Record<string, unknown>): v is LogEntry {
  return (
    Object.keys(v).sort().join(",") === ENTRY_KEYS &&
    Number.isSafeInteger(v.seq) &&
    typeof v.at === "string" &&
    ISO_MS.test(v.at) &&
    typeof v.type === "string" &&
    isObject(v.data) &&
    isHex64(v.prev) &&
    isHex64(v.hash)
  );
}

/** `lines`: the log's lines (parsed or as text; blank lines are skipped). */
export function verifyLog(lines: Iterable<string | LogEntry | LogAnchorLine>): LogVerdict {
  let expected = 1;
  let prev = ZERO_HASH;
  let anchors = 0;
  let lineNo = 0;
  const fail = (seq: number | null, reason: string): LogVerdict => ({ valid: false, line: lineNo, seq, reason });
  for (const raw of lines) {
    lineNo++;
    if (typeof raw === "string" && !raw.trim()) continue;
    let value: unknown;
    try {
      value = typeof raw === "string" ? JSON.parse(raw) : raw;
    } catch {
      return fail(expected, "not JSON");
    }
    if (!isObject(value)) return fail(expected, "not a JSON object");
    if ("anchor" in value) {
      const anchor = value.anchor;
      if (Object.keys(value).length !== 1 || !isObject(anchor) || !isHex64(anchor.root) || !isPath(anchor.path)) return fail(expected - 1 || null, "malformed anchor line");
      if (expected === 1) return fail(null, "an anchor before any entry");
      if (merkleRootFromPath(prev, anchor.path) !== anchor.root) {
        return fail(expected - 1, `the log up to entry ${expected - 1} is not what the anchor made at ${String(anchor.at)} covered`);
      }
      anchors++;
      continue;
    }
    if (!isEntry(value)) return fail(typeof value.seq === "number" ? value.seq : expected, "malformed entry");
    if (value.seq !== expected) {
      return fail(expected, value.seq > expected ? `entry ${expected} is missing (found ${value.seq})` : `entry ${value.seq} is out of order or repeated (expected ${expected})`);
    }
    if (value.prev !== prev) return fail(expected, `prev is not the hash of entry ${expected - 1}`);
    if (entryHash(value, value.prev) !== value.hash) return fail(expected, "the entry does not match its hash");
    prev = value.hash;
    expected++;
  }
  return { valid: true, entries: expected - 1, anchors, head: expected > 1 ? { seq: expected - 1, hash: prev } : null };
}
