import { concat, digest, equalBytes, toHex, utf8 } from "./bytes";
import { ripemd160 } from "./ripemd160";

/**
 * Reads an OpenTimestamps proof (`.ots`) as python-opentimestamps' core does (the reference): the header, the file
 * hash op and digest, then the tree of operations (sha1, ripemd160, sha256, append, prepend, reverse, hexlify; `ff`
 * before every branch but the last) down to attestations (pending, Bitcoin, Litecoin, unknown). Each op is evaluated,
 * so every attestation comes with the message it commits: for a Bitcoin attestation, the block's merkle root.
 * With the reference's limits: messages and results up to 4096 bytes, 256 levels of nesting, payloads up to 8192 bytes.
 */

export const OTS_MAGIC = Uint8Array.from([
  0x00, 0x4f, 0x70, 0x65, 0x6e, 0x54, 0x69, 0x6d, 0x65, 0x73, 0x74, 0x61, 0x6d, 0x70, 0x73, 0x00, 0x00, 0x50, 0x72, 0x6f, 0x6f, 0x66, 0x00, 0xbf, 0x89, 0xe2,
  0xe8, 0x84, 0xe8, 0x92, 0x94,
]);

const TAG_PENDING = "83dfe30d2ef90c8e";
const TAG_BITCOIN = "0588960d73d71901";
const TAG_LITECOIN = "06869a0d73d71b45";
const MAX_MSG = 4096;
const MAX_PAYLOAD = 8192;
const MAX_DEPTH = 256;
const MAX_URI = 1000;
const URI_CHARS = /^[A-Za-z0-9._/:-]*$/;

export type OtsHash = "sha1" | "ripemd160" | "sha256";
export type Attestation =
  | { kind: "bitcoin"; height: number; /** the merkle root as a block explorer shows it (byte-reversed hex) */ merkleRoot: string }
  | { kind: "litecoin"; height: number; merkleRoot: string }
  | { kind: "pending"; uri: string }
  | { kind: "unknown"; tag: string };

export type OtsProof = { hash: OtsHash; digest: Uint8Array; attestations: Attestation[] };

export class OtsError extends Error {}

const CRYPT_OPS: Record<number, { name: OtsHash; length: number }> = {
  0x02: { name: "sha1", length: 20 },
  0x03: { name: "ripemd160", length: 20 },
  0x08: { name: "sha256", length: 32 },
};

export async function otsHash(name: OtsHash, msg: Uint8Array): Promise<Uint8Array> {
  if (name === "ripemd160") return ripemd160(msg);
  return digest(name === "sha1" ? "SHA-1" : "SHA-256", msg);
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.at >= this.bytes.length) throw new OtsError("the proof ends too early (truncated)");
    return this.bytes[this.at++];
  }
  take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw new OtsError("the proof ends too early (truncated)");
    return this.bytes.subarray(this.at, (this.at += n));
  }
  varuint(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return value;
      if (shift > 49) throw new OtsError("a number in the proof is too large");
    }
  }
  varbytes(max: number, min = 0): Uint8Array {
    const n = this.varuint();
    if (n > max || n < min) throw new OtsError(`a field of ${n} bytes is out of bounds (${min} to ${max})`);
    return this.take(n);
  }
  get done() {
    return this.at === this.bytes.length;
  }
}

function readAttestation(r: Reader, msg: Uint8Array): Attestation {
  const tag = toHex(r.take(8));
  const payload = new Reader(r.varbytes(MAX_PAYLOAD));
  let att: Attestation;
  if (tag === TAG_PENDING) {
    const uri = payload.varbytes(MAX_URI);
    const text = new TextDecoder().decode(uri);
    if (!URI_CHARS.test(text)) throw new OtsError("a pending attestation's calendar address has characters a URI may not");
    att = { kind: "pending", uri: text };
  } else if (tag === TAG_BITCOIN || tag === TAG_LITECOIN) {
    const height = payload.varuint();
    // A block header commits to a 32-byte merkle root; explorers show it byte-reversed.
    if (msg.length !== 32) throw new OtsError("a block attestation commits to a message that is not 32 bytes");
    att = { kind: tag === TAG_BITCOIN ? "bitcoin" : "litecoin", height, merkleRoot: toHex(Uint8Array.from(msg).reverse()) };
  } else {
    return { kind: "unknown", tag };
  }
  if (!payload.done) throw new OtsError("an attestation has trailing bytes");
  return att;
}

async function applyOp(tag: number, r: Reader, msg: Uint8Array): Promise<Uint8Array> {
  if (msg.length > MAX_MSG) throw new OtsError("a message in the proof is too long");
  let result: Uint8Array;
  if (CRYPT_OPS[tag]) result = await otsHash(CRYPT_OPS[tag].name, msg);
  else if (tag === 0xf0) result = concat(msg, r.varbytes(MAX_MSG, 1));
  else if (tag === 0xf1) result = concat(r.varbytes(MAX_MSG, 1), msg);
  else if (tag === 0xf2) result = Uint8Array.from(msg).reverse();
  else if (tag === 0xf3) {
    if (msg.length > MAX_MSG / 2) throw new OtsError("a message is too long to hexlify");
    result = utf8(toHex(msg));
  } else if (tag === 0x67) throw new OtsError("the proof uses keccak256, which this page does not evaluate");
  else throw new OtsError(`unknown operation 0x${tag.toString(16).padStart(2, "0")} (not an OpenTimestamps proof, or a damaged one)`);
  if (!result.length || result.length > MAX_MSG) throw new OtsError("an operation's result is empty or too long");
  return result;
}

async function readTimestamp(r: Reader, msg: Uint8Array, depth: number, out: Attestation[]): Promise<void> {
  if (depth > MAX_DEPTH) throw new OtsError("the proof nests too deeply");
  const item = async (tag: number) => {
    if (tag === 0x00) out.push(readAttestation(r, msg));
    else await readTimestamp(r, await applyOp(tag, r, msg), depth + 1, out);
  };
  let tag = r.byte();
  while (tag === 0xff) {
    await item(r.byte());
    tag = r.byte();
  }
  await item(tag);
}

export async function parseOts(bytes: Uint8Array): Promise<OtsProof> {
  const r = new Reader(bytes);
  if (bytes.length < OTS_MAGIC.length || !equalBytes(r.take(OTS_MAGIC.length), OTS_MAGIC))
    throw new OtsError("it does not start with the OpenTimestamps header");
  const version = r.varuint();
  if (version !== 1) throw new OtsError(`proof format version ${version} is not supported (only 1)`);
  const op = CRYPT_OPS[r.byte()];
  if (!op) throw new OtsError("its file hash is not sha1, ripemd160 or sha256");
  const fileDigest = Uint8Array.from(r.take(op.length));
  const attestations: Attestation[] = [];
  await readTimestamp(r, fileDigest, 0, attestations);
  if (!r.done) throw new OtsError("trailing bytes after the proof");
  return { hash: op.name, digest: fileDigest, attestations };
}

/** The proof's state in words: the Bitcoin blocks it reaches, else its calendars. */
export function otsState(proof: OtsProof): string {
  const blocks = proof.attestations.filter((a) => a.kind === "bitcoin");
  if (blocks.length) {
    return blocks.map((b) => `anchored in Bitcoin block ${b.height} (merkle root ${b.kind === "bitcoin" ? b.merkleRoot : ""})`).join("; ");
  }
  const pending = proof.attestations.filter((a) => a.kind === "pending");
  if (pending.length) return `pending (${pending.map((p) => (p.kind === "pending" ? p.uri : "")).join(", ")})`;
  return `no Bitcoin or pending attestation (${proof.attestations.map((a) => a.kind).join(", ")})`;
}
