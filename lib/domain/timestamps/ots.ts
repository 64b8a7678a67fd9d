import "server-only";
import crypto from "node:crypto";
// The package's "main" names a file it does not ship (Node warns and falls back to index.js): import that directly.
import OpenTimestamps from "opentimestamps/index.js";

/**
 * The `.ots` format through the `opentimestamps` package (its data structures and serializer only; its network
 * functions have no timeouts and ignore the minimum-calendars rule). The package trusts its input: truncated
 * varbytes are read short, unknown tags and bad URIs are logged and turned into `undefined`, and nesting is not
 * limited. So every byte string from outside (a calendar's answer, an uploaded proof) is first checked here
 * against the grammar of the reference implementation (python-opentimestamps: recursion limit 256, 4 KiB
 * messages, URI alphabet) and against OTS_LIMITS (what parsing it would cost), and only then handed to the package.
 */
const { Ops, Notary, Context, Timestamp, DetachedTimestampFile } = OpenTimestamps;

export type OtsTimestamp = InstanceType<typeof Timestamp>;
export type OtsFile = InstanceType<typeof DetachedTimestampFile>;

export const OTS_MEDIA_TYPE = "application/vnd.opentimestamps.v1";

const HEADER_MAGIC = Buffer.from("004f70656e54696d657374616d7073000050726f6f6600bf89e2e884e89294", "hex");
const MAJOR_VERSION = 1;
const RECURSION_LIMIT = 256;
const MAX_MSG = 4096;
const MAX_PAYLOAD = 8192;
const MAX_URI = 1000;
const URI_CHARS = /^[A-Za-z0-9._/:-]*$/;
const TAG_PENDING = "83dfe30d2ef90c8e";
const TAG_BITCOIN = "0588960d73d71901";
const TAG_LITECOIN = "06869a0d73d71b45";
const HASH_OPS: Record<number, { name: string; length: number }> = {
  0x08: { name: "sha256", length: 32 },
  0x02: { name: "sha1", length: 20 },
  0x03: { name: "ripemd160", length: 20 },
};

export class OtsFormatError extends Error {
  override name = "OtsFormatError";
}

/** A well-formed proof refused for what it asks of us (its size, an operation we do not run): `message` is a full sentence. */
export class OtsRefusedError extends OtsFormatError {
  override name = "OtsRefusedError";
}

/**
 * What one proof may make us compute. The package parses synchronously and builds a new array of byte values for
 * every operation's result (and copies its input), so a 100 KB proof of 1-byte operations on a 4 KiB message cost
 * gigabytes and seconds of blocked event loop. Real proofs (ours, the reference client's) have at most a few
 * hundred operations of a few dozen bytes (~70 per calendar once anchored in Bitcoin, plus our batch's tree) and a
 * few attestations; these limits are a few times that, and small enough that the package parses the largest proof
 * they admit in a few milliseconds (`npm run bench -- verify`). Checked during the byte-level scan, before the
 * package sees the bytes.
 */
export const OTS_LIMITS = {
  /** Operations in the whole tree. */
  operations: 1_000,
  /** Attestations in the whole tree. */
  attestations: 64,
  /** Bytes read and written by all operations together (each op's input plus its result). */
  operationBytes: 512 * 1024,
  /** Nesting of operations (the reference implementation's recursion limit). */
  depth: RECURSION_LIMIT,
} as const;

type Budget = { operations: number; attestations: number; operationBytes: number };
const freshBudget = (): Budget => ({ operations: 0, attestations: 0, operationBytes: 0 });

class Reader {
  pos = 0;
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.bytes.length) throw new OtsFormatError("The proof is truncated");
    return this.bytes[this.pos++];
  }
  take(n: number): Uint8Array {
    if (this.pos + n > this.bytes.length) throw new OtsFormatError("The proof is truncated");
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  /** The package decodes varuints with 32-bit shifts: anything at or above 2^31 is refused. */
  varuint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) {
        if (value >= 2 ** 31) break;
        return value;
      }
    }
    throw new OtsFormatError("A number in the proof is too large");
  }
  varbytes(max: number, min = 0): Uint8Array {
    const n = this.varuint();
    if (n > max || n < min) throw new OtsFormatError("A field of the proof has an invalid length");
    return this.take(n);
  }
  eof() {
    if (this.pos !== this.bytes.length) throw new OtsFormatError("Trailing bytes after the proof");
  }
}

function scanAttestation(r: Reader, budget: Budget) {
  if (++budget.attestations > OTS_LIMITS.attestations) {
    throw new OtsRefusedError(`This proof has too many attestations (over ${OTS_LIMITS.attestations}).`);
  }
  const tag = Buffer.from(r.take(8)).toString("hex");
  const payload = new Reader(r.varbytes(MAX_PAYLOAD));
  if (tag === TAG_PENDING) {
    const uri = Buffer.from(payload.varbytes(MAX_URI)).toString("latin1");
    if (!URI_CHARS.test(uri)) throw new OtsFormatError("A pending attestation has an invalid calendar URI");
    payload.eof();
  } else if (tag === TAG_BITCOIN || tag === TAG_LITECOIN) {
    payload.varuint();
    payload.eof();
  }
}

/** The length of the op's result for a message of `msgLen` bytes (before the budget is charged). */
function opResultLength(r: Reader, tag: number, msgLen: number): number {
  const hash = HASH_OPS[tag];
  if (hash) return hash.length;
  if (tag === 0xf0 || tag === 0xf1) {
    const arg = r.varbytes(MAX_MSG, 1);
    if (msgLen + arg.length > MAX_MSG) throw new OtsFormatError("A message in the proof is too long");
    return msgLen + arg.length;
  }
  if (tag === 0xf2 && msgLen > 0) return msgLen;
  // The package's OpHexlify computes nothing (its result is undefined, and everything after it breaks).
  if (tag === 0xf3) throw new OtsRefusedError("This proof uses the hexlify operation, which is not supported.");
  throw new OtsFormatError(`Unsupported operation 0x${tag.toString(16).padStart(2, "0")} in the proof`);
}

function scanOp(r: Reader, tag: number, msgLen: number, budget: Budget): number {
  if (++budget.operations > OTS_LIMITS.operations) {
    throw new OtsRefusedError(`This proof has too many operations (over ${OTS_LIMITS.operations}).`);
  }
  const resultLen = opResultLength(r, tag, msgLen);
  budget.operationBytes += msgLen + resultLen;
  if (budget.operationBytes > OTS_LIMITS.operationBytes) {
    throw new OtsRefusedError(`This proof asks for too much computation (its operations process over ${OTS_LIMITS.operationBytes / 1024} KiB).`);
  }
  return resultLen;
}

function scanTimestamp(r: Reader, msgLen: number, depth: number, budget: Budget) {
  if (depth > OTS_LIMITS.depth) throw new OtsRefusedError(`This proof is nested too deeply (over ${OTS_LIMITS.depth} levels).`);
  const branch = (tag: number) => {
    if (tag === 0x00) scanAttestation(r, budget);
    else scanTimestamp(r, scanOp(r, tag, msgLen, budget), depth + 1, budget);
  };
  let tag = r.byte();
  while (tag === 0xff) {
    branch(r.byte());
    tag = r.byte();
  }
  branch(tag);
}

const toArray = (bytes: Uint8Array): number[] => Array.from(bytes);

/** A detached `.ots` file (magic header, file hash op, digest, timestamp), validated before it is parsed. */
export function parseOtsFile(bytes: Uint8Array): OtsFile {
  const r = new Reader(bytes);
  if (bytes.length < HEADER_MAGIC.length || !HEADER_MAGIC.equals(Buffer.from(r.take(HEADER_MAGIC.length)))) {
    throw new OtsFormatError("This is not an OpenTimestamps proof (.ots) file");
  }
  if (r.varuint() !== MAJOR_VERSION) throw new OtsFormatError("Unsupported .ots version");
  const hash = HASH_OPS[r.byte()];
  if (!hash) throw new OtsFormatError("Unsupported file hash in the proof");
  r.take(hash.length);
  scanTimestamp(r, hash.length, 0, freshBudget());
  r.eof();
  return byPackage(() => DetachedTimestampFile.deserialize(toArray(bytes)));
}

/** The package on bytes the scan accepted: should it still throw, that is about the input, not a fault of ours. */
function byPackage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new OtsFormatError(`The proof could not be read (${(err as Error).message})`);
  }
}

/** A timestamp starting from `msg` (a calendar's answer), validated before it is parsed. */
export function parseTimestamp(bytes: Uint8Array, msg: Uint8Array): OtsTimestamp {
  const r = new Reader(bytes);
  scanTimestamp(r, msg.length, 0, freshBudget());
  r.eof();
  return byPackage(() => {
    const ctx = new Context.StreamDeserialization(toArray(bytes));
    const ts = Timestamp.deserialize(ctx, toArray(msg));
    ctx.assertEof();
    return ts;
  });
}

export function fileHashName(file: OtsFile): string {
  return file.fileHashOp._TAG_NAME();
}

const HASH_CHUNK = 1024 * 1024;

/**
 * Hashes `data` with the proof's own file hash (sha256 for ours; sha1/ripemd160 proofs exist too), a mebibyte at a
 * time with a turn of the event loop in between: a 20 MB upload never holds up other requests for long.
 */
export async function hashWithFileOp(file: OtsFile, data: Uint8Array): Promise<Buffer> {
  const hash = crypto.createHash(file.fileHashOp._HASHLIB_NAME());
  for (let at = 0; at < data.length; at += HASH_CHUNK) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    hash.update(data.subarray(at, at + HASH_CHUNK));
  }
  return hash.digest();
}

export type AttestationInfo =
  | { kind: "pending"; uri: string }
  | { kind: "bitcoin"; height: number }
  | { kind: "litecoin"; height: number }
  | { kind: "unknown"; tag: string };

export type AttestationAt = { node: OtsTimestamp; msg: Buffer; attestation: AttestationInfo };

function describe(a: InstanceType<typeof Notary.TimeAttestation>): AttestationInfo {
  if (a instanceof Notary.PendingAttestation) return { kind: "pending", uri: a.uri };
  if (a instanceof Notary.BitcoinBlockHeaderAttestation) return { kind: "bitcoin", height: a.height };
  if (a instanceof Notary.LitecoinBlockHeaderAttestation) return { kind: "litecoin", height: a.height };
  return { kind: "unknown", tag: Buffer.from(a._TAG()).toString("hex") };
}

/** Every attestation of the tree with the message it commits to (the package's own walker keeps one per node). */
export function attestationsOf(ts: OtsTimestamp): AttestationAt[] {
  const out: AttestationAt[] = [];
  const visit = (node: OtsTimestamp) => {
    for (const a of node.attestations) out.push({ node, msg: Buffer.from(node.msg), attestation: describe(a) });
    for (const child of node.ops.values()) visit(child);
  };
  visit(ts);
  return out;
}

/**
 * Adds `other`'s branches and attestations to `target` (same message). The package's own merge keys branches by
 * object identity and would write the same operation twice; here equal operations share one branch.
 * Returns whether anything was added.
 */
export function mergeTimestamp(target: OtsTimestamp, other: OtsTimestamp): boolean {
  if (!Buffer.from(target.msg).equals(Buffer.from(other.msg))) throw new Error("Cannot merge timestamps of different messages");
  let changed = false;
  for (const a of other.attestations) {
    if (!target.attestations.some((b) => b.equals(a))) {
      target.attestations.push(a);
      changed = true;
    }
  }
  for (const [op, sub] of other.ops) {
    let mine = [...target.ops].find(([o]) => o.equals(op))?.[1];
    if (!mine) {
      mine = new Timestamp(op.call(target.msg));
      target.ops.set(op, mine);
      changed = true;
    }
    changed = mergeTimestamp(mine, sub) || changed;
  }
  return changed;
}

/** Serializes a proof; a proof without any attestation proves nothing and is never written. */
export function serializeOtsFile(file: OtsFile): Buffer {
  if (attestationsOf(file.timestamp).length === 0) throw new Error("Refusing to serialize a proof without attestations");
  return Buffer.from(file.serializeToBytes());
}

/**
 * One batch: per digest a leaf `sha256(digest ‖ 16 random bytes)` (so a proof never reveals its neighbours'
 * digests), folded into one Merkle tree exactly like the reference client's make_merkle_tree. Returns each
 * digest's proof (still without attestations) and the tree's root, the message sent to the calendars.
 */
export function buildBatch(digests: Buffer[]): { files: OtsFile[]; root: OtsTimestamp } {
  if (digests.length === 0) throw new Error("A batch needs at least one digest");
  const files = digests.map((d) => DetachedTimestampFile.fromHash(new Ops.OpSHA256(), toArray(d)));
  let level = files.map((f) => f.timestamp.add(new Ops.OpAppend(toArray(crypto.randomBytes(16)))).add(new Ops.OpSHA256()));
  while (level.length > 1) {
    const next: OtsTimestamp[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) {
      const [left, right] = [level[i], level[i + 1]];
      const joined = right.add(new Ops.OpPrepend(left.msg));
      left.ops.set(new Ops.OpAppend(right.msg), joined);
      next.push(joined.add(new Ops.OpSHA256()));
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1]);
    level = next;
  }
  return { files, root: level[0] };
}

/** The node of `file`'s tree whose message is `msg` (the batch root inside an item's proof), if any. */
export function findNode(ts: OtsTimestamp, msg: Buffer): OtsTimestamp | undefined {
  if (msg.equals(Buffer.from(ts.msg))) return ts;
  for (const child of ts.ops.values()) {
    const found = findNode(child, msg);
    if (found) return found;
  }
  return undefined;
}
