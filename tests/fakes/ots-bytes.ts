import crypto from "node:crypto";

/**
 * The few pieces of the .ots byte format the fakes write, coded here from the format description (not from the
 * code under test), so a bug in lib/domain/timestamps/ots.ts cannot hide itself in the fakes' answers.
 */
export const TAG_PENDING = Buffer.from("83dfe30d2ef90c8e", "hex");
export const TAG_BITCOIN = Buffer.from("0588960d73d71901", "hex");

export function varuint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}

export const varbytes = (b: Buffer) => Buffer.concat([varuint(b.length), b]);
export const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest();

export const op = {
  sha256: () => Buffer.from([0x08]),
  append: (arg: Buffer) => Buffer.concat([Buffer.from([0xf0]), varbytes(arg)]),
  prepend: (arg: Buffer) => Buffer.concat([Buffer.from([0xf1]), varbytes(arg)]),
};

export function pendingAttestation(uri: string) {
  return Buffer.concat([Buffer.from([0x00]), TAG_PENDING, varbytes(varbytes(Buffer.from(uri, "ascii")))]);
}

export function bitcoinAttestation(height: number) {
  return Buffer.concat([Buffer.from([0x00]), TAG_BITCOIN, varbytes(varuint(height))]);
}

/** Merkle paths for `leaves` (sha256 of left ‖ right, an odd node is carried up): per leaf its ops and the root. */
export function merklePaths(leaves: Buffer[]): { root: Buffer; paths: Buffer[] } {
  const paths = leaves.map(() => [] as Buffer[]);
  let level = leaves.map((msg, i) => ({ msg, members: [i] }));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i];
      const right = level[i + 1];
      if (!right) {
        next.push(left);
        continue;
      }
      for (const m of left.members) paths[m].push(op.append(right.msg), op.sha256());
      for (const m of right.members) paths[m].push(op.prepend(left.msg), op.sha256());
      next.push({ msg: sha256(Buffer.concat([left.msg, right.msg])), members: [...left.members, ...right.members] });
    }
    level = next;
  }
  return { root: level[0].msg, paths: paths.map((p) => Buffer.concat(p)) };
}
