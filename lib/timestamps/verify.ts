import "server-only";
import { getEnv } from "@/lib/env";
import { ValidationError } from "@/lib/api/errors";
import { fetchUpgrade } from "@/lib/timestamps/calendar";
import { blockChecker, type BitcoinBlock } from "@/lib/timestamps/esplora";
import { attestationsOf, fileHashName, hashWithFileOp, OtsFormatError, parseOtsFile, serializeOtsFile } from "@/lib/timestamps/ots";
import { upgradeFile } from "@/lib/timestamps/upgrade";

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

/**
 * Public verification: does `file` match the proof `ots`, and what does each attestation say? Pending attestations
 * of allowed calendars are followed up (a proof downloaded before its block was mined completes here); Bitcoin
 * attestations are checked against every configured explorer. Nothing is stored.
 */
export async function verifyProof(file: Buffer, ots: Buffer): Promise<VerifyResult> {
  const env = getEnv();
  let proof;
  try {
    proof = parseOtsFile(ots);
  } catch (err) {
    if (err instanceof OtsFormatError) throw new ValidationError(`This is not a valid .ots proof: ${err.message}.`);
    throw err;
  }
  const hash = fileHashName(proof);
  const fileDigest = hashWithFileOp(proof, file).toString("hex");
  const proofDigest = Buffer.from(proof.fileDigest()).toString("hex");
  const matches = fileDigest === proofDigest;

  let upgradedOts: string | null = null;
  if (matches) {
    const { changed } = await upgradeFile(proof, (uri, c) => fetchUpgrade(uri, c, env.OTS_TIMEOUT_MS), env.OTS_CALENDARS);
    if (changed) upgradedOts = serializeOtsFile(proof).toString("base64");
  }

  const check = blockChecker(env.ESPLORA_URL, env.OTS_TIMEOUT_MS);
  const attestations: VerifiedAttestation[] = [];
  let bitcoin: BitcoinBlock | null = null;
  for (const at of attestationsOf(proof.timestamp)) {
    const a = at.attestation;
    if (a.kind === "pending") {
      attestations.push({ kind: "pending", calendar: a.uri });
    } else if (a.kind === "bitcoin") {
      if (!matches) {
        attestations.push({ kind: "bitcoin", height: a.height, result: "not-checked", blockHash: null, time: null, reason: null });
        continue;
      }
      const r = await check(a.height, at.msg);
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
