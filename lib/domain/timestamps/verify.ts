import "server-only";
import { getEnv } from "@/lib/platform/env";
import { ValidationError } from "@/lib/platform/http/errors";
import { fetchUpgrade } from "@/lib/domain/timestamps/calendar";
import { blockChecker, type BitcoinBlock, type BlockCheck } from "@/lib/domain/timestamps/esplora";
import { hostOf } from "@/lib/domain/timestamps/http";
import { attestationsOf, fileHashName, hashWithFileOp, OtsFormatError, OtsRefusedError, parseOtsFile, serializeOtsFile, type OtsFile } from "@/lib/domain/timestamps/ots";
import { askingOnce, upgradeFile } from "@/lib/domain/timestamps/upgrade";

export type VerifiedAttestation =
  | { kind: "pending"; calendar: string }
  | { kind: "bitcoin"; height: number; result: "verified" | "mismatch" | "unavailable" | "not-checked"; blockHash: string | null; time: Date | null; reason: string | null }
  | { kind: "other"; description: string };

export type VerifyResult = {
  /** Whether the file's hash is the digest the proof is about. */
  matches: boolean;
  verdict: "confirmed" | "pending" | "unchecked" | "invalid" | "mismatch";
  /** One sentence in plain words. */
  message: string;
  hash: string;
  fileDigest: string;
  proofDigest: string;
  attestations: VerifiedAttestation[];
  /** The earliest Bitcoin block that verifiably anchors the file. */
  bitcoin: BitcoinBlock | null;
  /** The proof completed from its calendars during this check (base64), when they had news. */
  upgradedOts: string | null;
};

/** What one verification may ask of the network: distinct calendar questions, and distinct Bitcoin blocks. */
export const VERIFY_LOOKUPS = { calendars: 8, blocks: 8 } as const;
/** Every remote look-up of a verification ends by then (the answer follows at once). */
export const VERIFY_DEADLINE_MS = 10_000;

export type VerifyOptions = {
  /** The client's request: when it goes away, no look-up starts and those under way are cancelled. */
  signal?: AbortSignal;
  /**
   * The caller's look-up budget, asked once before each remote look-up: false when it is spent, and the attestation
   * is then reported as not checked. POST /api/verify gives the address's (rateLimits.verifyLookups); it is the
   * route's policy, like its request limit, and this module only decides what a spent budget answers.
   */
  spendLookup?: () => Promise<boolean>;
  /** Overrides VERIFY_DEADLINE_MS (tests). */
  deadlineMs?: number;
};

type Gate = (kind: keyof typeof VERIFY_LOOKUPS) => Promise<string | null>;

/**
 * Admits a verification's remote look-ups: none once `stop` fired, at most VERIFY_LOOKUPS of each kind, and each
 * within the address's budget. Resolves to null when the look-up may go, else to why it was not made. Callers ask
 * once per distinct question (duplicates never use the allowance up).
 */
function lookupGate(stop: AbortSignal, spendLookup: VerifyOptions["spendLookup"]): Gate {
  const left: Record<keyof typeof VERIFY_LOOKUPS, number> = { ...VERIFY_LOOKUPS };
  const stopped = () => `not checked: ${(stop.reason as Error).message}`;
  return async (kind) => {
    if (stop.aborted) return stopped();
    if (left[kind]-- <= 0) {
      return kind === "calendars"
        ? `not asked: one verification asks its calendars at most ${VERIFY_LOOKUPS.calendars} questions`
        : `not checked: one verification checks at most ${VERIFY_LOOKUPS.blocks} Bitcoin blocks`;
    }
    // A budget of outbound look-ups, spent one by one as a proof's attestations are checked; when it runs out the
    // answer says "not checked" instead of a 429.
    if (spendLookup && !(await spendLookup())) return "not checked: too many look-ups from your address, please try again later";
    return stop.aborted ? stopped() : null;
  };
}

/**
 * Public verification: does `file` match the proof `ots`, and what does each attestation say? Pending attestations
 * of allowed calendars are followed up (a proof downloaded before its block was mined completes here); Bitcoin
 * attestations are checked against every configured explorer. Nothing is stored.
 *
 * An anonymous upload decides what this costs, so it is bounded: parsing by OTS_LIMITS (a 400 beyond them), the
 * network by VERIFY_LOOKUPS per verification (each question asked once), the caller's per-address budget, one
 * deadline for the whole verification and the client's own request (see VerifyOptions). What is not looked up is
 * reported as not checked.
 */
export async function verifyProof(file: Buffer, ots: Buffer, options: VerifyOptions = {}): Promise<VerifyResult> {
  let proof;
  try {
    proof = parseOtsFile(ots);
  } catch (err) {
    if (err instanceof OtsRefusedError) throw new ValidationError(err.message);
    if (err instanceof OtsFormatError) throw new ValidationError(`This is not a valid .ots proof: ${err.message}.`);
    throw err;
  }
  const hash = fileHashName(proof);
  const fileDigest = (await hashWithFileOp(proof, file)).toString("hex");
  const proofDigest = Buffer.from(proof.fileDigest()).toString("hex");
  const matches = fileDigest === proofDigest;

  const deadlineMs = options.deadlineMs ?? VERIFY_DEADLINE_MS;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new Error(`the verification ran out of time (${deadlineMs / 1000} s)`)), deadlineMs);
  const clientGone = () => stop.abort(new Error("the request was cancelled"));
  if (options.signal?.aborted) clientGone();
  options.signal?.addEventListener("abort", clientGone, { once: true });
  try {
    return judge(await lookUp(proof, matches, lookupGate(stop.signal, options.spendLookup), stop.signal), { matches, hash, fileDigest, proofDigest });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", clientGone);
  }
}

type LookedUp = { attestations: VerifiedAttestation[]; bitcoin: BitcoinBlock | null; upgradedOts: string | null };

/** Follows the proof's pending attestations up and checks its Bitcoin attestations (only when the file matches). */
async function lookUp(proof: OtsFile, matches: boolean, gate: Gate, stop: AbortSignal): Promise<LookedUp> {
  const env = getEnv();
  let upgradedOts: string | null = null;
  if (matches) {
    const ask = askingOnce(async (uri, commitment) => {
      const refused = await gate("calendars");
      return refused ? { kind: "error", error: `${hostOf(uri)}: ${refused}` } : fetchUpgrade(uri, commitment, env.OTS_TIMEOUT_MS, stop);
    });
    // All at once: at most VERIFY_LOOKUPS.calendars of them reach the network (the others are answered at once),
    // and they share the deadline.
    const { changed } = await upgradeFile(proof, ask, env.OTS_CALENDARS, Infinity);
    if (changed) upgradedOts = serializeOtsFile(proof).toString("base64");
  }

  // Every distinct height is asked at once (in the proof's order for the allowance), each explorer once per height.
  const check = blockChecker(env.ESPLORA_URL, env.OTS_TIMEOUT_MS, stop);
  const admitted = new Map<number, Promise<string | null>>();
  const checkBlock = async (height: number, msg: Buffer): Promise<BlockCheck> => {
    if (!admitted.has(height)) admitted.set(height, gate("blocks"));
    const refused = await admitted.get(height)!;
    return refused ? { status: "unavailable", reason: refused } : check(height, msg);
  };
  const found = attestationsOf(proof.timestamp);
  const checks = await Promise.all(found.map((at) => (matches && at.attestation.kind === "bitcoin" ? checkBlock(at.attestation.height, at.msg) : null)));

  const attestations: VerifiedAttestation[] = [];
  let bitcoin: BitcoinBlock | null = null;
  for (const [i, { attestation: a }] of found.entries()) {
    const r = checks[i];
    if (a.kind === "pending") {
      attestations.push({ kind: "pending", calendar: a.uri });
    } else if (a.kind === "bitcoin") {
      if (!r) {
        attestations.push({ kind: "bitcoin", height: a.height, result: "not-checked", blockHash: null, time: null, reason: null });
        continue;
      }
      if (r.status === "verified" && (!bitcoin || r.block.height < bitcoin.height)) bitcoin = r.block;
      attestations.push({
        kind: "bitcoin",
        height: a.height,
        result: r.status,
        blockHash: r.status === "verified" ? r.block.blockHash : null,
        time: r.status === "verified" ? r.block.time : null,
        reason: r.status === "verified" ? null : r.reason,
      });
    } else {
      attestations.push({ kind: "other", description: a.kind === "unknown" ? `Unknown attestation (tag ${a.tag})` : `Litecoin block ${a.height} (not checked)` });
    }
  }
  return { attestations, bitcoin, upgradedOts };
}

function judge(
  { attestations, bitcoin, upgradedOts }: LookedUp,
  { matches, hash, fileDigest, proofDigest }: Pick<VerifyResult, "matches" | "hash" | "fileDigest" | "proofDigest">,
): VerifyResult {
  let verdict: VerifyResult["verdict"];
  let message: string;
  if (!matches) {
    verdict = "mismatch";
    message = `This file does not match the proof: the proof is for a file whose ${hash.toUpperCase()} is ${proofDigest}, this file's is ${fileDigest}.`;
  } else if (bitcoin) {
    verdict = "confirmed";
    message = `The file matches the proof: it existed before Bitcoin block ${bitcoin.height} was mined on ${bitcoin.time.toISOString()}.`;
  } else if (attestations.some((a) => a.kind === "bitcoin" && a.result === "mismatch")) {
    verdict = "invalid";
    message = "The file matches the proof, but its Bitcoin attestation does not agree with the blockchain: the proof is not valid.";
  } else if (attestations.some((a) => a.kind === "bitcoin" && a.result === "unavailable")) {
    verdict = "unchecked";
    message = "The file matches the proof, but its Bitcoin attestation could not be checked right now. Please try again later.";
  } else {
    verdict = "pending";
    message = "The file matches the proof, but no attestation is confirmed in a Bitcoin block yet.";
  }
  return { matches, verdict, message, hash, fileDigest, proofDigest, attestations, bitcoin, upgradedOts };
}
