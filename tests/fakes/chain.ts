import crypto from "node:crypto";

export type FakeBlock = { height: number; hash: string; merkleRoot: Buffer; time: number };

/** A pretend Bitcoin chain the fake calendars "mine" into and the fake explorers report from. */
export class FakeChain {
  readonly blocks = new Map<number, FakeBlock>();
  tip = 900_000;

  /** Appends a block whose merkle root (internal byte order) is `merkleRoot`. */
  addBlock(merkleRoot: Buffer, time = Math.floor(Date.now() / 1000)): FakeBlock {
    const block = { height: ++this.tip, hash: crypto.randomBytes(32).toString("hex"), merkleRoot, time };
    this.blocks.set(block.height, block);
    return block;
  }

  reset() {
    this.blocks.clear();
    this.tip = 900_000;
  }
}
