import type http from "node:http";
import type { FakeChain } from "./chain";
import { listen } from "./http-server";

/**
 * A fake Esplora API on 127.0.0.1 reporting the fake chain: GET /block-height/<h> → the block hash as text,
 * GET /block/<hash> → JSON with merkle_root (byte-reversed hex, as Esplora prints it) and timestamp.
 * "tamper" reports another merkle root for every block (a lying or compromised explorer).
 */
export type EsploraMode = "ok" | "hang" | "error" | "tamper";

export class FakeEsplora {
  mode: EsploraMode = "ok";
  readonly requests: string[] = [];

  private constructor(
    private readonly chain: FakeChain,
    readonly url: string,
    readonly close: () => Promise<void>,
  ) {}

  static async start(chain: FakeChain, port = 0): Promise<FakeEsplora> {
    const ref: { fake?: FakeEsplora } = {};
    const server = await listen((req, res) => ref.fake!.handle(req, res), port);
    ref.fake = new FakeEsplora(chain, server.url, server.close);
    return ref.fake;
  }

  reset() {
    this.mode = "ok";
    this.requests.length = 0;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    this.requests.push(req.url ?? "");
    if (this.mode === "hang") return;
    if (this.mode === "error") {
      res.writeHead(503).end("unavailable");
      return;
    }
    const byHeight = req.url?.match(/^\/block-height\/(\d+)$/);
    if (byHeight) {
      const block = this.chain.blocks.get(Number(byHeight[1]));
      if (!block) res.writeHead(404).end("Block not found");
      else res.writeHead(200, { "content-type": "text/plain" }).end(block.hash);
      return;
    }
    const byHash = req.url?.match(/^\/block\/([0-9a-f]{64})$/);
    const block = byHash ? [...this.chain.blocks.values()].find((b) => b.hash === byHash[1]) : undefined;
    if (!block) {
      res.writeHead(404).end("Block not found");
      return;
    }
    const root = Buffer.from(block.merkleRoot).reverse();
    if (this.mode === "tamper") root[0] ^= 0xff;
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: block.hash,
        height: block.height,
        version: 536870912,
        timestamp: block.time,
        tx_count: 1,
        size: 285,
        weight: 1140,
        merkle_root: root.toString("hex"),
        previousblockhash: "00".repeat(32),
        mediantime: block.time - 600,
        nonce: 0,
        bits: 386089497,
        difficulty: 1,
      }),
    );
  }
}
