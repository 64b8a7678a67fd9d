import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import { promisify } from "node:util";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { listen, readBody } from "./http-server";
import { tsaConfig } from "../support/openssl-tsa";

const run = promisify(execFile);

/**
 * A fake RFC 3161 time-stamping authority on 127.0.0.1 whose tokens are real: Debian's `openssl ts -reply` signs
 * them with a test CA's signer certificate (extendedKeyUsage critical,timeStamping). Failure modes change the answer
 * the way a broken or hostile authority would; `openssl ts -verify` (opensslVerifiesToken) is the outside check of
 * every token the tests keep.
 */
export type TsaMode =
  | "ok"
  /** A TimeStampResp with status rejection. */
  | "refuse"
  /** HTTP 500. */
  | "error"
  /** Never answers. */
  | "hang"
  /** A token for the same digest with another nonce. */
  | "wrong-nonce"
  /** A token for another digest, with our nonce. */
  | "wrong-imprint"
  /** A token whose signature's last byte is changed. */
  | "bad-signature"
  /** The same TSTInfo signed by a certificate of the same CA whose extendedKeyUsage is codeSigning. */
  | "no-eku"
  /** Bytes that are no DER at all. */
  | "garbage";

/** The test PKI, made once per run (or per test file) in a temporary directory. */
export type TsaPki = { dir: string; caPem: string; config: string };

const openssl = (args: string[], cwd: string) => execFileSync("openssl", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });

/** A test CA, a time-stamping signer and a signer without the timeStamping key usage, in `dir` (made if missing). */
export function createTsaPki(dir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-tsa-"))): TsaPki {
  const config = path.join(dir, "tsa.cnf");
  if (fs.existsSync(config)) return { dir, caPem: path.join(dir, "ca.pem"), config };
  fs.mkdirSync(dir, { recursive: true });
  const key = (name: string) => openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", name], dir);
  key("ca.key");
  key("tsa.key");
  key("noeku.key");
  openssl(["req", "-x509", "-new", "-key", "ca.key", "-out", "ca.pem", "-days", "3650", "-subj", "/O=IdeaVault Tests/CN=IdeaVault Test CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"], dir);
  fs.writeFileSync(path.join(dir, "tsa.ext"), "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=critical,timeStamping\n");
  fs.writeFileSync(path.join(dir, "noeku.ext"), "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,codeSigning\n");
  for (const [name, cn] of [["tsa", "IdeaVault Test TSA"], ["noeku", "IdeaVault Test Code Signer"]]) {
    openssl(["req", "-new", "-key", `${name}.key`, "-out", `${name}.csr`, "-subj", `/O=IdeaVault Tests/CN=${cn}`], dir);
    openssl(["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", `${name}.pem`, "-days", "3650", "-extfile", `${name}.ext`], dir);
  }
  fs.writeFileSync(path.join(dir, "serial"), "01\n");
  fs.writeFileSync(config, tsaConfig({ serial: `${dir}/serial`, signerCert: `${dir}/tsa.pem`, signerKey: `${dir}/tsa.key`, certs: `${dir}/ca.pem` }));
  return { dir, caPem: path.join(dir, "ca.pem"), config };
}

/** `openssl ts -verify` of a token for `digestHex` against the test CA: the outside reference. */
export function opensslVerifiesToken(pki: TsaPki, tsr: Buffer, digestHex: string): { ok: boolean; output: string } {
  const file = path.join(pki.dir, `check-${crypto.randomBytes(6).toString("hex")}.tsr`);
  fs.writeFileSync(file, tsr);
  try {
    const out = execFileSync("openssl", ["ts", "-verify", "-digest", digestHex, "-in", file, "-CAfile", pki.caPem], { stdio: ["ignore", "pipe", "pipe"] });
    return { ok: /Verification: OK/.test(out.toString()), output: out.toString() };
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** DER SEQUENCE around already-encoded parts. */
function derSequence(...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([0x30]), len, body]);
}

/** A TimeStampResp with status rejection (2) and no token. */
export const REJECTION = derSequence(derSequence(Buffer.from([0x02, 0x01, 0x02])));

export class FakeTsa {
  mode: TsaMode = "ok";
  /** Every request received (DER TimeStampReq). */
  readonly requests: Buffer[] = [];
  private work: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly pki: TsaPki,
    readonly url: string,
    readonly close: () => Promise<void>,
  ) {}

  static async start(pki: TsaPki, port = 0): Promise<FakeTsa> {
    const ref: { fake?: FakeTsa } = {};
    const server = await listen((req, res) => void ref.fake!.handle(req, res), port);
    ref.fake = new FakeTsa(pki, `${server.url}/tsr`, server.close);
    return ref.fake;
  }

  reset() {
    this.mode = "ok";
    this.requests.length = 0;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    if (req.method !== "POST" || req.url !== "/tsr") {
      res.writeHead(404).end();
      return;
    }
    this.requests.push(body);
    const mode = this.mode;
    if (mode === "hang") return;
    if (mode === "error") {
      res.writeHead(500).end("unavailable");
      return;
    }
    try {
      // One openssl at a time: they share the serial file.
      const answer = (this.work = this.work.catch(() => undefined).then(() => this.answer(body, mode)));
      const bytes = (await answer) as Buffer;
      res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(bytes);
    } catch (err) {
      res.writeHead(400).end(String(err));
    }
  }

  private async answer(query: Buffer, mode: TsaMode): Promise<Buffer> {
    if (mode === "garbage") return Buffer.from("this is not a time-stamp token\n");
    if (mode === "refuse") return REJECTION;
    const q = mode === "wrong-nonce" || mode === "wrong-imprint" ? alteredQuery(query, mode) : query;
    const reply = await this.reply(q);
    if (mode === "bad-signature") {
      reply[reply.length - 1] ^= 0x01;
      return reply;
    }
    if (mode === "no-eku") return this.resignWithoutEku(reply);
    return reply;
  }

  private async reply(query: Buffer): Promise<Buffer> {
    const id = crypto.randomBytes(6).toString("hex");
    const tsq = path.join(this.pki.dir, `${id}.tsq`);
    const tsr = path.join(this.pki.dir, `${id}.tsr`);
    fs.writeFileSync(tsq, query);
    try {
      await run("openssl", ["ts", "-reply", "-config", this.pki.config, "-queryfile", tsq, "-out", tsr]);
      return fs.readFileSync(tsr);
    } finally {
      fs.rmSync(tsq, { force: true });
      fs.rmSync(tsr, { force: true });
    }
  }

  /** The reply's TSTInfo, signed again with the code-signing certificate, as a granted TimeStampResp. */
  private async resignWithoutEku(reply: Buffer): Promise<Buffer> {
    const d = this.pki.dir;
    const id = crypto.randomBytes(6).toString("hex");
    const [resp, tok, tst, out] = ["resp.tsr", "tok.der", "tst.der", "out.der"].map((n) => path.join(d, `${id}-${n}`));
    fs.writeFileSync(resp, reply);
    try {
      await run("openssl", ["ts", "-reply", "-in", resp, "-token_out", "-out", tok]);
      await run("openssl", ["cms", "-verify", "-noverify", "-inform", "DER", "-in", tok, "-binary", "-out", tst]);
      await run("openssl", ["cms", "-sign", "-binary", "-nodetach", "-in", tst, "-econtent_type", "1.2.840.113549.1.9.16.1.4", "-signer", path.join(d, "noeku.pem"),
        "-inkey", path.join(d, "noeku.key"), "-md", "sha256", "-nosmimecap", "-certfile", this.pki.caPem, "-outform", "DER", "-out", out]);
      return derSequence(derSequence(Buffer.from([0x02, 0x01, 0x00])), fs.readFileSync(out));
    } finally {
      for (const f of [resp, tok, tst, out]) fs.rmSync(f, { force: true });
    }
  }
}

/** The query with its nonce (wrong-nonce) or its digest (wrong-imprint) replaced. */
function alteredQuery(query: Buffer, mode: "wrong-nonce" | "wrong-imprint"): Buffer {
  const req = pkijs.TimeStampReq.fromBER(new Uint8Array(query));
  if (mode === "wrong-nonce") req.nonce = new asn1js.Integer({ valueHex: new Uint8Array([0x11, ...crypto.randomBytes(7)]) });
  else req.messageImprint.hashedMessage = new asn1js.OctetString({ valueHex: new Uint8Array(crypto.randomBytes(32)) });
  return Buffer.from(req.toSchema().toBER(false));
}
