import { createHash } from "node:crypto";
import { canonicalize } from "@/lib/domain/evidence-log/canonical-json";

/**
 * The hash chain and Merkle tree of the evidence log (docs/evidence-log.md), pure so the server, the verifier and
 * tests compute exactly the same bytes.
 */

/** The `prev` of an idea's first entry. */
export const ZERO_HASH = "0".repeat(64);
const HEX64 = /^[0-9a-f]{64}$/;

export type EvidenceJson = string | number | boolean | null | EvidenceJson[] | { [key: string]: EvidenceJson };
export type EvidenceData = { [key: string]: EvidenceJson };

/** One entry of an idea's log, as the log route writes it (one JSON line). */
export type LogEntry = { seq: number; at: string; type: string; data: EvidenceData; prev: string; hash: string };
export type MerkleStep = { side: "left" | "right"; hash: string };
/** A line after the entry an anchor covered. `ots` / `tsr`: base64 proofs of the root, null until available. */
export type LogAnchorLine = { anchor: { root: string; path: MerkleStep[]; at: string; ots: string | null; tsr: string | null } };

export const isHex64 = (s: unknown): s is string => typeof s === "string" && HEX64.test(s);

const sha256 = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();

/** SHA-256(prev as 32 bytes ‖ UTF-8 of the RFC 8785 JSON of {seq, at, type, data}), lower-case hex. */
export function entryHash(entry: { seq: number; at: string; type: string; data: unknown }, prev: string): string {
  const body = canonicalize({ seq: entry.seq, at: entry.at, type: entry.type, data: entry.data });
  return sha256(Buffer.from(prev, "hex"), Buffer.from(body, "utf8")).toString("hex");
}

/** A salted commitment to a personal value: SHA-256(salt bytes ‖ UTF-8 value), hex. */
export function commitment(saltHex: string, value: string): string {
  return sha256(Buffer.from(saltHex, "hex"), Buffer.from(value, "utf8")).toString("hex");
}

/** A leaf of an anchor's tree: SHA-256(0x00 ‖ the log's head hash). */
export function merkleLeaf(headHash: string): Buffer {
  return sha256(Buffer.from([0]), Buffer.from(headHash, "hex"));
}

function merkleNode(left: Buffer, right: Buffer): Buffer {
  return sha256(Buffer.from([1]), left, right);
}

/**
 * The tree over heads (already in idea-id order): its root and each leaf's path from the leaf up. An odd node at the
 * end of a level is carried up unchanged (it gets no step at that level).
 */
export function buildMerkleTree(heads: readonly string[]): { root: string; paths: MerkleStep[][] } {
  if (!heads.length) throw new Error("A Merkle tree needs at least one leaf");
  const levels: Buffer[][] = [heads.map(merkleLeaf)];
  while (levels[levels.length - 1].length > 1) {
    const level = levels[levels.length - 1];
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? merkleNode(level[i], level[i + 1]) : level[i]);
    levels.push(next);
  }
  // Each node's hex once (a path repeats the nodes near the root for every leaf).
  const hex = levels.map((level) => level.map((node) => node.toString("hex")));
  const paths = heads.map((_, leaf) => {
    const path: MerkleStep[] = [];
    let i = leaf;
    for (let l = 0; l < levels.length - 1; l++) {
      const sibling = i ^ 1;
      if (sibling < levels[l].length) path.push({ side: i & 1 ? "left" : "right", hash: hex[l][sibling] });
      i >>= 1;
    }
    return path;
  });
  return { root: levels[levels.length - 1][0].toString("hex"), paths };
}

/** The root a head hash and its path lead to. */
export function merkleRootFromPath(headHash: string, path: readonly MerkleStep[]): string {
  let node = merkleLeaf(headHash);
  for (const step of path) {
    const sibling = Buffer.from(step.hash, "hex");
    node = step.side === "left" ? merkleNode(sibling, node) : merkleNode(node, sibling);
  }
  return node.toString("hex");
}
