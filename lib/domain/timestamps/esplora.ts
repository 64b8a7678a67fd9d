import "server-only";
import { fetchBounded, hostOf } from "@/lib/domain/timestamps/http";

export type BitcoinBlock = { height: number; blockHash: string; time: Date };

type ExplorerAnswer =
  | { kind: "block"; explorer: string; hash: string; merkleRoot: string; time: number }
  | { kind: "missing"; explorer: string }
  | { kind: "error"; explorer: string; error: string };

export type BlockCheck =
  | { status: "verified"; block: BitcoinBlock }
  /** Every explorer that answered agrees on the block, and its merkle root is not the proof's: the attestation is false. */
  | { status: "mismatch"; reason: string }
  /** Nothing to decide yet: no explorer answered, one does not know the block, or they disagree. */
  | { status: "unavailable"; reason: string };

const HEX64 = /^[0-9a-f]{64}$/;

/** GET /block-height/<h> (the hash as text), then GET /block/<hash> (JSON with merkle_root and timestamp). */
async function askExplorer(base: string, height: number, timeoutMs: number, stop?: AbortSignal): Promise<ExplorerAnswer> {
  const explorer = hostOf(base);
  try {
    const byHeight = await fetchBounded(`${base}/block-height/${height}`, {}, timeoutMs, 1_000, stop);
    if (byHeight.status === 404) return { kind: "missing", explorer };
    if (byHeight.status !== 200) return { kind: "error", explorer, error: `HTTP ${byHeight.status}` };
    const hash = byHeight.body.toString("utf8").trim().toLowerCase();
    if (!HEX64.test(hash)) return { kind: "error", explorer, error: "malformed block hash" };
    const block = await fetchBounded(`${base}/block/${hash}`, {}, timeoutMs, 100_000, stop);
    if (block.status !== 200) return { kind: "error", explorer, error: `HTTP ${block.status}` };
    const json = JSON.parse(block.body.toString("utf8")) as { id?: unknown; height?: unknown; merkle_root?: unknown; timestamp?: unknown };
    const merkleRoot = typeof json.merkle_root === "string" ? json.merkle_root.toLowerCase() : "";
    if (json.id !== hash || json.height !== height || !HEX64.test(merkleRoot) || typeof json.timestamp !== "number") {
      return { kind: "error", explorer, error: "malformed block" };
    }
    return { kind: "block", explorer, hash, merkleRoot, time: json.timestamp };
  } catch (err) {
    return { kind: "error", explorer, error: (err as Error).message };
  }
}

function judgeAnswers(height: number, msg: Buffer, answers: ExplorerAnswer[]): BlockCheck {
  const blocks = answers.filter((a) => a.kind === "block");
  const missing = answers.filter((a) => a.kind === "missing");
  if (missing.length) return { status: "unavailable", reason: `${missing.map((m) => m.explorer).join(", ")} does not know Bitcoin block ${height} yet` };
  if (!blocks.length) {
    const errors = answers.map((a) => (a.kind === "error" ? `${a.explorer}: ${a.error}` : a.explorer));
    return { status: "unavailable", reason: `No block explorer answered for Bitcoin block ${height} (${errors.join("; ")})` };
  }
  const first = blocks[0];
  if (blocks.some((b) => b.hash !== first.hash || b.merkleRoot !== first.merkleRoot || b.time !== first.time)) {
    return { status: "unavailable", reason: `Block explorers disagree about Bitcoin block ${height} (${blocks.map((b) => b.explorer).join(", ")})` };
  }
  const expected = Buffer.from(msg).reverse().toString("hex");
  if (msg.length !== 32 || first.merkleRoot !== expected) {
    return {
      status: "mismatch",
      reason: `Bitcoin block ${height}'s merkle root ${first.merkleRoot} (${blocks.map((b) => b.explorer).join(", ")}) does not match the proof (${expected})`,
    };
  }
  return { status: "verified", block: { height, blockHash: first.hash, time: new Date(first.time * 1000) } };
}

/**
 * Checks Bitcoin attestations: `msg` (the proof's final message) must be the merkle root of the block at `height`
 * as reported by every configured explorer that answers (Esplora prints the root byte-reversed). One explorer round
 * per block height within a job run or a verification (a batch shares its block). `stop` cancels every call.
 */
export function blockChecker(explorers: string[], timeoutMs: number, stop?: AbortSignal) {
  const cache = new Map<number, Promise<ExplorerAnswer[]>>();
  return async (height: number, msg: Buffer): Promise<BlockCheck> => {
    let answers = cache.get(height);
    if (!answers) {
      answers = Promise.all(explorers.map((e) => askExplorer(e, height, timeoutMs, stop)));
      cache.set(height, answers);
    }
    return judgeAnswers(height, msg, await answers);
  };
}
