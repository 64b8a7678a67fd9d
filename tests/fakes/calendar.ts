import crypto from "node:crypto";
import type http from "node:http";
import type { FakeChain } from "./chain";
import { listen, readBody } from "./http-server";
import { bitcoinAttestation, merklePaths, op, pendingAttestation, sha256 } from "./ots-bytes";

/**
 * A fake OpenTimestamps calendar on 127.0.0.1 speaking the real protocol: POST /digest answers a timestamp from
 * the digest to a pending attestation naming this calendar; GET /timestamp/<commitment> answers 404 until mine()
 * put the commitment into a block of the fake chain, then the path from the commitment to that block's merkle root
 * ending in a Bitcoin attestation. POST /__mine does the same for end-to-end tests, POST /__mode sets `mode`.
 */
/** garbage: a truncated answer (a timestamp always ends in an attestation, so none can lack one and parse). */
export type CalendarMode = "ok" | "hang" | "error" | "garbage";

type Commitment = { commitment: Buffer; upgrade: Buffer | null };

export class FakeCalendar {
  mode: CalendarMode = "ok";
  /** Every POST /digest (answered or not): the body and the Accept header. */
  readonly submissions: { digest: Buffer; accept: string | undefined }[] = [];
  /** Every GET /timestamp/<commitment> (answered or not): the commitment. */
  readonly upgradeRequests: string[] = [];
  private readonly commitments = new Map<string, Commitment>();

  private constructor(
    private readonly chain: FakeChain,
    readonly url: string,
    readonly close: () => Promise<void>,
  ) {}

  static async start(chain: FakeChain, port = 0): Promise<FakeCalendar> {
    const ref: { fake?: FakeCalendar } = {};
    const server = await listen((req, res) => void ref.fake!.handle(req, res), port);
    ref.fake = new FakeCalendar(chain, server.url, server.close);
    return ref.fake;
  }

  reset() {
    this.mode = "ok";
    this.submissions.length = 0;
    this.upgradeRequests.length = 0;
    this.commitments.clear();
  }

  /** Puts every commitment not yet mined into one new block; returns its height (or null when there was none). */
  mine(time?: number): number | null {
    const open = [...this.commitments.values()].filter((c) => !c.upgrade);
    if (!open.length) return null;
    const { root, paths } = merklePaths(open.map((c) => c.commitment));
    const block = this.chain.addBlock(root, time);
    open.forEach((c, i) => (c.upgrade = Buffer.concat([paths[i], bitcoinAttestation(block.height)])));
    return block.height;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    if (req.method === "POST" && req.url === "/digest") this.submissions.push({ digest: body, accept: req.headers.accept });
    const upgrade = req.method === "GET" ? req.url?.match(/^\/timestamp\/([0-9a-f]+)$/) : null;
    if (upgrade) this.upgradeRequests.push(upgrade[1]);
    // End-to-end tests switch a calendar's mode through the network (its body: the mode), whatever the mode is.
    if (req.method === "POST" && req.url === "/__mode") {
      this.mode = body.toString("utf8") as CalendarMode;
      res.writeHead(200).end(this.mode);
      return;
    }
    if (this.mode === "hang") return; // never answers
    if (req.method === "POST" && req.url === "/__mine") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ height: this.mine() }));
      return;
    }
    if (this.mode === "error") {
      res.writeHead(500).end("calendar unavailable");
      return;
    }
    if (req.method === "POST" && req.url === "/digest") {
      if (this.mode === "garbage") {
        res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.from([0xf0, 0x20, 0x01]));
        return;
      }
      const time = Buffer.alloc(4);
      time.writeUInt32BE(Math.floor(Date.now() / 1000));
      const nonce = crypto.randomBytes(8);
      const commitment = sha256(Buffer.concat([time, body, nonce]));
      this.commitments.set(commitment.toString("hex"), { commitment, upgrade: null });
      const answer = Buffer.concat([op.prepend(time), op.append(nonce), op.sha256(), pendingAttestation(this.url)]);
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(answer);
      return;
    }
    if (upgrade) {
      const c = this.commitments.get(upgrade[1]);
      if (!c?.upgrade) {
        res.writeHead(404).end(c ? "Pending confirmation in Bitcoin blockchain" : "Not found");
        return;
      }
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(c.upgrade);
      return;
    }
    res.writeHead(404).end("Not found");
  }
}
