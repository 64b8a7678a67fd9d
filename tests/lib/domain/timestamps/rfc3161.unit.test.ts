import crypto from "node:crypto";
import fs from "node:fs";
import * as pkijs from "pkijs";
import { buildTimeStampRequest, certificatesOfToken, TSR_MAX_BYTES, TsaTokenError, verifyTimeStampResponse } from "@/lib/domain/timestamps/rfc3161/token";
import { requestTimeStamp } from "@/lib/domain/timestamps/rfc3161/client";
import { createTsaPki, FakeTsa, opensslVerifiesToken, REJECTION, type TsaMode, type TsaPki } from "../../../fakes/tsa";
import { listen } from "../../../fakes/http-server";

/** The RFC 3161 request builder and verifier against a real openssl TSA, and every way an answer must be refused. */
let pki: TsaPki;
let tsa: FakeTsa;
beforeAll(async () => {
  pki = createTsaPki();
  tsa = await FakeTsa.start(pki);
});
afterAll(async () => {
  await tsa.close();
  fs.rmSync(pki.dir, { recursive: true, force: true });
});
beforeEach(() => tsa.reset());

const digest = () => crypto.randomBytes(32);

describe("the request", () => {
  it("is a TimeStampReq for the SHA-256 digest with a positive 64-bit nonce and certReq", () => {
    const d = digest();
    const { der, nonce } = buildTimeStampRequest(d);
    const req = pkijs.TimeStampReq.fromBER(new Uint8Array(der));
    expect(req.version).toBe(1);
    expect(req.messageImprint.hashAlgorithm.algorithmId).toBe("2.16.840.1.101.3.4.2.1");
    expect(Buffer.from(req.messageImprint.hashedMessage.valueBlock.valueHexView).equals(d)).toBe(true);
    expect(req.certReq).toBe(true);
    expect(Buffer.from(req.nonce!.valueBlock.valueHexView).toString("hex")).toBe(nonce);
    expect(nonce).toMatch(/^[0-7][0-9a-f]{15}$/);
    expect(nonce).not.toMatch(/^00/);
    expect(buildTimeStampRequest(d).nonce).not.toBe(nonce);
  });
});

describe("a token from the authority", () => {
  it("is kept when every check passes, and openssl verifies it too", async () => {
    const d = digest();
    const result = await requestTimeStamp(d, [tsa.url]);
    if (!result.ok) throw new Error(result.error);
    expect(result.url).toBe(tsa.url);
    expect(result.token).toMatchObject({ tsa: "IdeaVault Test TSA", digest: d.toString("hex") });
    expect(result.token.serial).toMatch(/^[0-9a-f]+$/);
    expect(Math.abs(result.token.genTime.getTime() - Date.now())).toBeLessThan(60_000);
    // The signer's certificate and the CA's ride in the token.
    expect(result.token.certificates).toHaveLength(2);
    expect(certificatesOfToken(result.der)).toHaveLength(2);
    expect(opensslVerifiesToken(pki, result.der, d.toString("hex"))).toMatchObject({ ok: true });
    // The request carried the content type and our own nonce.
    expect(tsa.requests).toHaveLength(1);
  });

  it.each<[TsaMode, RegExp]>([
    ["refuse", /refused the request \(status 2\)/],
    ["error", /HTTP 500/],
    ["wrong-nonce", /nonce is not the one sent/],
    ["wrong-imprint", /another digest/],
    ["bad-signature", /signature is not valid/],
    ["no-eku", /not for time-stamping/],
    ["garbage", /not an RFC 3161 TimeStampResp/],
  ])("is refused when the authority answers %s", async (mode, reason) => {
    tsa.mode = mode;
    const d = digest();
    const result = await requestTimeStamp(d, [tsa.url]);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(reason) });
    expect(result.ok ? "" : result.error).toContain("127.0.0.1");
  });

  it("openssl refuses the same broken tokens (the outside reference agrees)", async () => {
    for (const mode of ["bad-signature", "no-eku", "wrong-imprint"] as const) {
      tsa.mode = mode;
      const d = digest();
      const { der, nonce } = buildTimeStampRequest(d);
      const res = await fetch(tsa.url, { method: "POST", body: new Uint8Array(der) });
      const tsr = Buffer.from(await res.arrayBuffer());
      expect(opensslVerifiesToken(pki, tsr, d.toString("hex")).ok).toBe(false);
      await expect(verifyTimeStampResponse(tsr, { digest: d, nonce })).rejects.toMatchObject({ name: "TsaTokenError", kind: "invalid" });
    }
  });

  it("gives up on a hanging authority after its timeout and asks the next one", async () => {
    const hanging = await FakeTsa.start(pki);
    hanging.mode = "hang";
    try {
      const started = Date.now();
      const result = await requestTimeStamp(digest(), [hanging.url, tsa.url], 3_000);
      expect(result.ok).toBe(true);
      expect(Date.now() - started).toBeLessThan(20_000);
      const alone = await requestTimeStamp(digest(), [hanging.url], 500);
      expect(alone).toEqual({ ok: false, error: expect.stringMatching(/no answer within 500 ms/) });
    } finally {
      await hanging.close();
    }
  });

  it("reads no more than its bound of an answer, and follows no redirect", async () => {
    const big = await listen((_req, res) => {
      res.writeHead(200).end(Buffer.alloc(TSR_MAX_BYTES + 10, 0x30));
    });
    const redirect = await listen((_req, res) => {
      res.writeHead(307, { location: tsa.url }).end();
    });
    try {
      expect(await requestTimeStamp(digest(), [big.url])).toEqual({ ok: false, error: expect.stringMatching(/larger than/) });
      expect(await requestTimeStamp(digest(), [redirect.url])).toMatchObject({ ok: false });
      expect(tsa.requests).toHaveLength(0);
    } finally {
      await big.close();
      await redirect.close();
    }
  });
});

describe("verifying bytes", () => {
  it("calls non-DER input a format error and a rejection invalid", async () => {
    const d = digest();
    for (const bytes of [Buffer.alloc(0), Buffer.from("garbage"), Buffer.from([0x30, 0x82, 0xff, 0xff]), Buffer.alloc(TSR_MAX_BYTES + 1)]) {
      await expect(verifyTimeStampResponse(bytes, { digest: d })).rejects.toMatchObject({ kind: "format" });
    }
    await expect(verifyTimeStampResponse(REJECTION, { digest: d })).rejects.toBeInstanceOf(TsaTokenError);
    await expect(verifyTimeStampResponse(REJECTION, { digest: d })).rejects.toMatchObject({ kind: "invalid" });
  });

  it("survives deeply nested input", async () => {
    const nested = Buffer.concat([Buffer.alloc(20_000).fill(Buffer.from([0x30, 0x80])), Buffer.alloc(40_000)]);
    await expect(verifyTimeStampResponse(nested.subarray(0, TSR_MAX_BYTES), { digest: digest() })).rejects.toMatchObject({ kind: "format" });
  });
});
