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

/** How many nodes each level of a tree over `leafCount` leaves has, from the leaves up to the root. */
export function merkleLevelSizes(leafCount: number): number[] {
  if (!Number.isInteger(leafCount) || leafCount < 1) throw new Error("A Merkle tree needs at least one leaf");
  const sizes = [leafCount];
  while (sizes[sizes.length - 1] > 1) sizes.push(Math.ceil(sizes[sizes.length - 1] / 2));
  return sizes;
}

/**
 * Every node of the tree over heads (already in idea-id order), level by level from the leaves, 32 bytes each: what
 * an anchor keeps, so that each covered log's path can be read back from it (merklePathOffsets) instead of being
 * written out once per log. An odd node at the end of a level is carried up unchanged (it gets no step there).
 */
export function merkleTreeNodes(heads: readonly string[]): { root: string; nodes: Buffer } {
  const sizes = merkleLevelSizes(heads.length);
  const nodes = Buffer.alloc(32 * sizes.reduce((sum, n) => sum + n, 0));
  let at = 0;
  for (const head of heads) at += merkleLeaf(head).copy(nodes, at);
  let level = 0;
  for (let l = 1; l < sizes.length; l++) {
    const below = sizes[l - 1];
    for (let i = 0; i < below; i += 2) {
      const left = nodes.subarray(level + 32 * i, level + 32 * i + 32);
      at += (i + 1 < below ? merkleNode(left, nodes.subarray(level + 32 * (i + 1), level + 32 * (i + 2))) : left).copy(nodes, at);
    }
    level += 32 * below;
  }
  return { root: nodes.subarray(nodes.length - 32).toString("hex"), nodes };
}

/** Where the siblings on leaf `leafIndex`'s path lie in merkleTreeNodes' bytes, from the leaf up, and their sides. */
export function merklePathOffsets(leafCount: number, leafIndex: number): { side: MerkleStep["side"]; offset: number }[] {
  const sizes = merkleLevelSizes(leafCount);
  if (!Number.isInteger(leafIndex) || leafIndex < 0 || leafIndex >= leafCount) throw new Error("No such leaf");
  const steps: { side: MerkleStep["side"]; offset: number }[] = [];
  let level = 0;
  let i = leafIndex;
  for (let l = 0; l < sizes.length - 1; l++) {
    const sibling = i ^ 1;
    if (sibling < sizes[l]) steps.push({ side: i & 1 ? "left" : "right", offset: level + 32 * sibling });
    level += 32 * sizes[l];
    i >>= 1;
  }
  return steps;
}

/** The tree over heads (already in idea-id order): its root and each leaf's path from the leaf up. */
export function buildMerkleTree(heads: readonly string[]): { root: string; paths: MerkleStep[][] } {
  const { root, nodes } = merkleTreeNodes(heads);
  const paths = heads.map((_, leaf) =>
    merklePathOffsets(heads.length, leaf).map(({ side, offset }) => ({ side, hash: nodes.toString("hex", offset, offset + 32) })),
  );
  return { root, paths };
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
