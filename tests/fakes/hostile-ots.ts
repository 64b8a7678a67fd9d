import { bitcoinAttestation, op, pendingAttestation, sha256 } from "./ots-bytes";

/**
 * Hostile `.ots` files for the /api/verify fuzz tests and `npm run bench -- verify`, written byte by byte from the
 * format description (like ots-bytes.ts), never through the code under test. Each proof is for `digest` (the SHA-256
 * of the file sent along with it), so a verifier that gets past parsing goes on to the network.
 */
const MAGIC = Buffer.from("004f70656e54696d657374616d7073000050726f6f6600bf89e2e884e89294", "hex");
const FORK = Buffer.from([0xff]);
export const REVERSE = Buffer.from([0xf2]);
export const HEXLIFY = Buffer.from([0xf3]);

export function otsHeader(digest: Buffer) {
  return Buffer.concat([MAGIC, Buffer.from([0x01, 0x08]), digest]);
}

/** A timestamp whose root forks into `branches` (each a complete timestamp of the root's message). */
export function forked(branches: Buffer[]): Buffer {
  return Buffer.concat([...branches.slice(0, -1).flatMap((b) => [FORK, b]), branches.at(-1)!]);
}

/** A .ots for `digest` whose timestamp is `body`. */
export const otsFile = (digest: Buffer, body: Buffer) => Buffer.concat([otsHeader(digest), body]);

/** A pending attestation at `calendar` on the commitment sha256(message ‖ `n`): distinct per n. */
export function pendingOn(calendar: string, n: number) {
  return Buffer.concat([op.append(Buffer.from(String(n))), op.sha256(), pendingAttestation(calendar)]);
}

export type HostileCase = { name: string; ots: Buffer };

/**
 * The generated family: tens of thousands of 1-byte operations (on a 4 KiB message, the parser's worst case),
 * thousands of attestations (pending on distinct commitments, Bitcoin at distinct heights), deep nesting and wide
 * forks, each up to `maxBytes` (the route's limit on the proof). `calendar` is a calendar the verifier may ask.
 */
export function hostileCases(digest: Buffer, opts: { maxBytes: number; calendars: string[] }): HostileCase[] {
  const { maxBytes, calendars } = opts;
  const room = maxBytes - otsHeader(digest).length - 64;
  const bitcoin = bitcoinAttestation(1);
  const cases: HostileCase[] = [];
  const add = (name: string, body: Buffer) => {
    const ots = otsFile(digest, body);
    if (ots.length > maxBytes) throw new Error(`${name}: ${ots.length} bytes (more than ${maxBytes})`);
    cases.push({ name, ots });
  };

  // Reverse chains of 250 ops (under the nesting limit) on a 4,000-byte message, forked as often as the size allows.
  const grow = op.append(Buffer.alloc(4000, 0x61));
  for (const size of [1_000, 10_000, room]) {
    const chain = Buffer.concat([Buffer.concat(Array(250).fill(REVERSE)), bitcoin]);
    const n = Math.max(1, Math.floor((size - grow.length) / (chain.length + 1)));
    add(`${n * 250} reverse ops on a 4 KB message (${size} B)`, Buffer.concat([grow, forked(Array(n).fill(chain))]));
  }
  // 1-byte ops in one flat fork: each branch is `reverse, attestation`.
  {
    const branch = Buffer.concat([REVERSE, bitcoin]);
    const n = Math.floor(room / (branch.length + 1));
    add(`${n} forked reverse ops`, forked(Array(n).fill(branch)));
  }
  // Sha256 ops that each hash a 4 KB message (a large input per op, a small result).
  {
    const branch = Buffer.concat([op.sha256(), bitcoin]);
    const n = Math.floor((room - grow.length) / (branch.length + 1));
    add(`${n} sha256 ops on a 4 KB message`, Buffer.concat([grow, forked(Array(n).fill(branch))]));
  }
  // Operations only: chains of 250 sha256 ops (a small message each), 9 of them.
  add("2,250 sha256 ops in 9 chains", forked(Array(9).fill(Buffer.concat([Buffer.concat(Array(250).fill(op.sha256())), bitcoin]))));
  // Just within what a verifier may reasonably admit (the costliest proofs that still parse): ~1,000 operations
  // with 60 attestations, and 60 reverse ops on a 4 KB message.
  add("960 sha256 ops in 60 chains", forked(Array(60).fill(Buffer.concat([Buffer.concat(Array(16).fill(op.sha256())), bitcoin]))));
  add("60 reverse ops on a 4 KB message", Buffer.concat([grow, forked(Array(60).fill(Buffer.concat([REVERSE, bitcoin])))]));
  // Attestations: pending ones on distinct commitments (spread over the calendars) and Bitcoin ones at distinct heights.
  for (const count of [9, 60, 100, 1_000]) {
    add(`${count} Bitcoin heights`, forked(Array.from({ length: count }, (_, i) => bitcoinAttestation(1 + i))));
    add(`${count} pending attestations on distinct commitments`, forked(Array.from({ length: count }, (_, i) => pendingOn(calendars[i % calendars.length], i))));
  }
  add("60 copies of one pending attestation", forked(Array.from({ length: 60 }, () => pendingOn(calendars[0], 0))));
  add("30 pending and 30 Bitcoin", forked(Array.from({ length: 60 }, (_, i) => (i % 2 ? bitcoinAttestation(1 + i) : pendingOn(calendars[i % calendars.length], i)))));
  {
    const n = Math.floor(room / (bitcoinAttestation(1_000_000).length + 1));
    add(`${n} Bitcoin heights (${room} B)`, forked(Array.from({ length: n }, (_, i) => bitcoinAttestation(1_000_000 + i))));
  }
  for (const count of [60, 2_000]) {
    const uris = Array.from({ length: count }, (_, i) => `https://c${i}.calendar.example.org`);
    add(`${uris.length} pending attestations on distinct calendars`, forked(uris.map((u) => pendingAttestation(u))));
  }
  // Deep nesting: just under and far over the reference limit (256).
  add("nesting 250 deep", Buffer.concat([Buffer.concat(Array(250).fill(op.sha256())), bitcoin]));
  add("nesting 50,000 deep", Buffer.concat([Buffer.concat(Array(50_000).fill(op.sha256())), bitcoin]));
  // Unsupported by the package: hexlify returns nothing.
  add("hexlify", Buffer.concat([HEXLIFY, bitcoin]));
  return cases;
}

export { sha256 };
