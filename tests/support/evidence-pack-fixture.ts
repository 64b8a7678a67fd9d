import crypto from "node:crypto";
import { bitcoinAttestation, merklePaths, op, pendingAttestation, sha256, varuint } from "../fakes/ots-bytes";
import { slices, zipStream, type ZipEntry } from "@/lib/platform/zip/stream";
import type { OpensslTsa } from "./openssl-tsa";

/**
 * An evidence pack as the server lays it out (paths and formats of docs: the shared evidence formats), built from
 * scratch for tests of verify.html: versions with their `.ots` (one anchored in a pretend Bitcoin block, one pending,
 * one with both branches) and `.tsr`, acceptances with theirs, a hash-chained `log/log.jsonl` with anchors and their
 * proofs, receipts, TSA certificates and `manifest.json`, zipped by the real writer (lib/platform/zip/stream.ts).
 * The canonical JSON, Merkle tree and proofs are coded here from the format description, not from the code under test.
 * The RFC 3161 tokens come from any `stamp(digest)`: openssl-tsa.ts, or another fake TSA.
 */

export type PackFile = { path: string; bytes: Buffer; compress: boolean };
export type TokenSource = Pick<OpensslTsa, "stamp">;
export type PackOptions = { versions: number; acceptances: number; tsa: TokenSource; ndaTsa?: TokenSource; verifyHtml?: string };

const OTS_MAGIC = Buffer.from("004f70656e54696d657374616d7073000050726f6f6600bf89e2e884e89294", "hex");
const CALENDAR = "https://calendar.example.org";
const ZERO = "0".repeat(64);

/** RFC 8785 for the plain values a log entry holds: sorted member names, JSON.stringify for strings and numbers. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

let nextBlock = 910_000;

/**
 * An `.ots` for `digest`: the batching a server does (append a nonce, sha256), a calendar's commitment (prepend its
 * time, append its nonce, sha256), then either a Bitcoin block (the commitment among a few others in the block's
 * tree), the calendar's pending attestation, or both as two branches.
 */
export function otsFor(digest: Buffer, state: "bitcoin" | "pending" | "both"): { ots: Buffer; height: number | null; merkleRoot: Buffer | null } {
  const nonce = crypto.randomBytes(16);
  const leaf = sha256(Buffer.concat([digest, nonce]));
  const time = Buffer.alloc(4);
  time.writeUInt32BE(1_790_000_000);
  const calNonce = crypto.randomBytes(8);
  const commitment = sha256(Buffer.concat([time, leaf, calNonce]));
  const { root, paths } = merklePaths([crypto.randomBytes(32), commitment, crypto.randomBytes(32)]);
  const height = ++nextBlock;
  const toBlock = Buffer.concat([paths[1], bitcoinAttestation(height)]);
  const pending = pendingAttestation(CALENDAR);
  const tail = state === "bitcoin" ? toBlock : state === "pending" ? pending : Buffer.concat([Buffer.from([0xff]), pending, toBlock]);
  const ots = Buffer.concat([
    OTS_MAGIC,
    varuint(1),
    Buffer.from([0x08]),
    digest,
    op.append(nonce),
    op.sha256(),
    op.prepend(time),
    op.append(calNonce),
    op.sha256(),
    tail,
  ]);
  return { ots, height: state === "pending" ? null : height, merkleRoot: state === "pending" ? null : root };
}

const text = (s: string) => Buffer.from(s, "utf8");
const digestOf = (b: Buffer) => crypto.createHash("sha256").update(b).digest();
/** Incompressible bytes of a given size standing in for a PDF. */
const fakePdf = (size: number) => Buffer.concat([text("%PDF-1.7\n"), crypto.randomBytes(size)]);

type LogLine = Record<string, unknown>;

/** The idea's log: entries chained by hash, with an anchor after `anchorAfter` entries and one at the head. */
async function logFiles(entries: { type: string; data: unknown }[], tsa: TokenSource): Promise<PackFile[]> {
  const lines: LogLine[] = [];
  const anchors: PackFile[] = [];
  let prev = ZERO;
  const anchorAt = new Set([Math.ceil(entries.length / 2), entries.length]);
  for (let i = 0; i < entries.length; i++) {
    const body = { seq: i + 1, at: new Date(Date.UTC(2026, 10, 27, 8, 0, i)).toISOString(), type: entries[i].type, data: entries[i].data };
    const hash = digestOf(Buffer.concat([Buffer.from(prev, "hex"), text(canonical(body))])).toString("hex");
    lines.push({ ...body, prev, hash });
    prev = hash;
    if (!anchorAt.has(i + 1)) continue;
    // Other ideas' heads share the tree: ours is the second of four leaves, then one carried up as the odd one.
    const leaf = (h: Buffer) => digestOf(Buffer.concat([Buffer.from([0]), h]));
    const node = (l: Buffer, r: Buffer) => digestOf(Buffer.concat([Buffer.from([1]), l, r]));
    const [a, ours, c, d, e] = [crypto.randomBytes(32), Buffer.from(hash, "hex"), crypto.randomBytes(32), crypto.randomBytes(32), crypto.randomBytes(32)].map(
      leaf,
    );
    const ab = node(a, ours);
    const cd = node(c, d);
    const abcd = node(ab, cd);
    const root = node(abcd, e);
    const path = [
      { side: "left", hash: a.toString("hex") },
      { side: "right", hash: cd.toString("hex") },
      { side: "right", hash: e.toString("hex") },
    ];
    const rootHex = root.toString("hex");
    const ots = otsFor(root, "bitcoin").ots;
    const tsr = await tsa.stamp(root);
    const at = new Date(Date.UTC(2026, 10, 27, 9, 0, i)).toISOString();
    lines.push({ anchor: { root: rootHex, path, at, ots: ots.toString("base64"), tsr: tsr.toString("base64") } });
    anchors.push({ path: `log/anchors/${rootHex}.ots`, bytes: ots, compress: false }, { path: `log/anchors/${rootHex}.tsr`, bytes: tsr, compress: false });
  }
  return [{ path: "log/log.jsonl", bytes: text(lines.map((l) => JSON.stringify(l)).join("\n") + "\n"), compress: true }, ...anchors];
}

/** Every file of the pack but manifest.json, in the order the server writes them. */
export async function evidencePackFiles(opts: PackOptions): Promise<PackFile[]> {
  const files: PackFile[] = [{ path: "README.txt", bytes: text("Evidence pack of idea 7 (test fixture)\n"), compress: true }];
  const log: { type: string; data: unknown }[] = [];
  const ndaTsa = opts.ndaTsa ?? opts.tsa;
  const pending: Promise<void>[] = [];
  const withToken = (list: PackFile[], path: string, bytes: Buffer, tsa: TokenSource) => {
    const slot: PackFile = { path: `${path}.tsr`, bytes: Buffer.alloc(0), compress: false };
    list.push(slot);
    pending.push(tsa.stamp(digestOf(bytes)).then((tsr) => void (slot.bytes = tsr)));
  };
  for (let v = 1; v <= opts.versions; v++) {
    const path = `versions/v${v}/idea-7.html`;
    const bytes = text(`<!doctype html><title>Idea 7, version ${v}</title><p>The text of version ${v}: ${crypto.randomBytes(400).toString("hex")}</p>\n`);
    files.push({ path, bytes, compress: true });
    files.push({ path: `${path}.ots`, bytes: otsFor(digestOf(bytes), v === 1 ? "bitcoin" : v === 2 ? "pending" : "both").ots, compress: false });
    withToken(files, path, bytes, opts.tsa);
    files.push({ path: `versions/v${v}/HOW-TO-VERIFY.txt`, bytes: text(`How to verify version ${v}\n`), compress: true });
    log.push({ type: "version.published", data: { version: v, sha256: digestOf(bytes).toString("hex") } });
  }
  for (let n = 1; n <= opts.acceptances; n++) {
    const id = `nda${String(n).padStart(5, "0")}`;
    const dir = `agreements/${id}`;
    files.push({ path: `${dir}/nda-certificate-${id}.pdf`, bytes: fakePdf(30_000), compress: false });
    const record = text(
      `${JSON.stringify({ id, recipient: { nameCommitment: crypto.randomBytes(32).toString("hex") }, acceptedAt: "2026-11-27T08:30:00.000Z" }, null, 2)}\n`,
    );
    files.push({ path: `${dir}/nda-acceptance-${id}.json`, bytes: record, compress: true });
    files.push({ path: `${dir}/nda-acceptance-${id}.json.ots`, bytes: otsFor(digestOf(record), n % 2 ? "bitcoin" : "pending").ots, compress: false });
    withToken(files, `${dir}/nda-acceptance-${id}.json`, record, ndaTsa);
    files.push({ path: `receipts/r${n}.json`, bytes: text(`{"recipient":"r${n}","agreement":"${id}"}\n`), compress: true });
    files.push({ path: `receipts/r${n}.pdf`, bytes: fakePdf(3000), compress: false });
    log.push({
      type: "agreement.accepted",
      data: { agreement: id, name: { commitment: crypto.randomBytes(32).toString("hex") }, text: 'Unicode: é ü 漢字 \u2028 "quoted"', n: n / 4 },
    });
  }
  await Promise.all(pending);
  files.push(...(await logFiles(log, opts.tsa)));
  files.push({ path: "tsa/tsa.example.org.pem", bytes: text("-----BEGIN CERTIFICATE-----\n(test)\n-----END CERTIFICATE-----\n"), compress: true });
  files.push({ path: "activity.csv", bytes: text("seq,hash,event\n1,abc,created\n"), compress: true });
  files.push({ path: "measures.pdf", bytes: fakePdf(2000), compress: false });
  if (opts.verifyHtml !== undefined) files.push({ path: "verify.html", bytes: text(opts.verifyHtml), compress: true });
  return files;
}

/** manifest.json for `files`, in the server's format (the fields verify.html reads are `files[].path/sha256/size`). */
export function manifestFor(files: PackFile[]): Buffer {
  const manifest = {
    format: "ideavault-evidence-pack-1",
    pack: "test-pack",
    createdAt: "2026-11-27T10:00:00.000Z",
    files: files.map((f) => ({ path: f.path, sha256: digestOf(f.bytes).toString("hex"), size: f.bytes.length })),
    problems: [],
  };
  return text(`${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * The ZIP of `files` and `manifest`, written by the server's own ZIP writer; `after` follows the manifest unlisted,
 * as the pack's certification.txt does.
 */
export async function zipPack(files: PackFile[], manifest: Buffer = manifestFor(files), after: PackFile[] = []): Promise<Buffer> {
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const f of files) yield { name: f.path, compress: f.compress, chunks: slices(new Uint8Array(f.bytes)) };
    yield { name: "manifest.json", compress: true, chunks: slices(new Uint8Array(manifest)) };
    for (const f of after) yield { name: f.path, compress: f.compress, chunks: slices(new Uint8Array(f.bytes)) };
  }
  const stream = zipStream(entries(), { mtime: new Date("2026-11-27T10:00:00Z"), label: "test pack" });
  return Buffer.from(await new Response(stream).arrayBuffer());
}
