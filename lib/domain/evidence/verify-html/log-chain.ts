import { canonicalJson } from "./canonical-json";
import { concat, equalBytes, fromHex, sha256, toHex, utf8 } from "./bytes";

/**
 * The idea's hash-chained log as JSON Lines (log/log.jsonl): entries {seq, at, type, data, prev, hash}, seq from 1,
 * hash = SHA-256(prev as 32 bytes ‖ UTF-8 of the canonical JSON of {seq, at, type, data}); after the entry an anchor
 * covers (the log's head when the anchor was built), a line {"anchor": {root, path, at, ots, tsr}}.
 */

export type LogEntry = { seq: number; at: string; type: string; data: unknown; prev: string; hash: string };
export type MerkleStep = { side: "left" | "right"; hash: string };
export type Anchor = { root: string; path: MerkleStep[]; at: string; ots: string | null; tsr: string | null };
/** An anchor as found in the log: the line it is on and the head it covers. */
export type LogAnchor = { line: number; head: string; seq: number; anchor: Anchor };

export const ZERO_HASH = "0".repeat(64);
const HEX64 = /^[0-9a-f]{64}$/;

export class LogError extends Error {}

export async function entryHash(entry: Pick<LogEntry, "seq" | "at" | "type" | "data" | "prev">): Promise<string> {
  const body = canonicalJson({ seq: entry.seq, at: entry.at, type: entry.type, data: entry.data });
  return toHex(await sha256(concat(fromHex(entry.prev)!, utf8(body))));
}

/** Leaf and node hashes of an anchor's Merkle tree (domain-separated, so a leaf can never pass for a node). */
export const merkleLeaf = async (head: Uint8Array) => sha256(concat(Uint8Array.of(0), head));
export const merkleNode = async (left: Uint8Array, right: Uint8Array) => sha256(concat(Uint8Array.of(1), left, right));

/** The root a head's inclusion path leads to. */
export async function merkleRootOf(headHex: string, path: MerkleStep[]): Promise<string> {
  let node = await merkleLeaf(fromHex(headHex)!);
  for (const step of path) {
    const sibling = fromHex(step.hash)!;
    node = step.side === "left" ? await merkleNode(sibling, node) : await merkleNode(node, sibling);
  }
  return toHex(node);
}

function isAnchor(value: unknown): value is Anchor {
  if (!value || typeof value !== "object") return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.root === "string" &&
    HEX64.test(a.root) &&
    typeof a.at === "string" &&
    (a.ots === null || typeof a.ots === "string") &&
    (a.tsr === null || typeof a.tsr === "string") &&
    Array.isArray(a.path) &&
    a.path.every(
      (s: unknown) =>
        !!s && typeof s === "object" && ((s as MerkleStep).side === "left" || (s as MerkleStep).side === "right") && HEX64.test(String((s as MerkleStep).hash)),
    )
  );
}

const ENTRY_KEYS = ["at", "data", "hash", "prev", "seq", "type"].join();

/**
 * Checks the chain line by line; throws a LogError naming the first line that fails. Answers the entries' count and
 * the anchors with the head each covers (their Merkle paths are checked by the caller, one check each).
 */
export async function verifyLogChain(text: string): Promise<{ entries: number; head: string; anchors: LogAnchor[] }> {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  let prev = ZERO_HASH;
  let seq = 0;
  const anchors: LogAnchor[] = [];
  for (let i = 0; i < lines.length; i++) {
    const where = `line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(lines[i]);
    } catch {
      throw new LogError(`${where} is not JSON`);
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new LogError(`${where} is not a JSON object`);
    const obj = value as Record<string, unknown>;
    if ("anchor" in obj) {
      if (Object.keys(obj).length !== 1 || !isAnchor(obj.anchor)) throw new LogError(`${where}: the anchor line is malformed`);
      if (seq === 0) throw new LogError(`${where}: an anchor before any entry covers nothing`);
      anchors.push({ line: i + 1, head: prev, seq, anchor: obj.anchor });
      continue;
    }
    if (Object.keys(obj).sort().join() !== ENTRY_KEYS) throw new LogError(`${where}: an entry has exactly seq, at, type, data, prev and hash`);
    const entry = obj as LogEntry;
    if (entry.seq !== seq + 1)
      throw new LogError(`${where}: seq ${JSON.stringify(entry.seq)} where ${seq + 1} was expected (an entry was removed, inserted or moved)`);
    if (typeof entry.at !== "string" || typeof entry.type !== "string") throw new LogError(`entry ${entry.seq}: at and type must be strings`);
    if (typeof entry.prev !== "string" || !HEX64.test(entry.prev) || typeof entry.hash !== "string" || !HEX64.test(entry.hash)) {
      throw new LogError(`entry ${entry.seq}: prev and hash must be 64 lower-case hex digits`);
    }
    if (entry.prev !== prev) throw new LogError(`entry ${entry.seq}: prev is not the hash of the entry before it`);
    if ((await entryHash(entry)) !== entry.hash) throw new LogError(`entry ${entry.seq}: its hash does not match its content (the entry was changed)`);
    prev = entry.hash;
    seq = entry.seq;
  }
  if (seq === 0) throw new LogError("the log has no entry");
  return { entries: seq, head: prev, anchors };
}

export const sameHex = (a: string, b: Uint8Array) => {
  const bytes = fromHex(a);
  return !!bytes && equalBytes(bytes, b);
};
