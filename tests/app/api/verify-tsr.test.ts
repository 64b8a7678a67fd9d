import crypto from "node:crypto";
import { POST } from "@/app/api/verify/route";
import { VERIFY_TSR_MAX_BYTES } from "@/lib/domain/validation/timestamps";
import { requestTimeStamp } from "@/lib/domain/timestamps/rfc3161/client";
import { useFakeTsa } from "../../lib/domain/timestamps/tsa-helpers";
import { opensslVerifiesToken, type TsaMode } from "../../fakes/tsa";
import { configure, useFakeNetwork } from "../../lib/domain/timestamps/helpers";
import { otsFile, pendingOn } from "../../fakes/hostile-ots";

/**
 * POST /api/verify with a `.tsr` beside or instead of the `.ots`: a token is checked offline against the uploaded
 * file (imprint, signature, the signer's timeStamping key usage); hostile bytes get the .ots part's treatment.
 */
const fake = useFakeTsa();
const net = useFakeNetwork({ calendars: 2, explorers: 1 });
const noParams = { params: Promise.resolve({}) };
const FILE = Buffer.from("An idea worth a second clock.\n");
const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest();

async function tokenFor(bytes: Buffer, mode: TsaMode = "ok") {
  fake.tsa.mode = "ok";
  if (mode === "ok") {
    const r = await requestTimeStamp(sha256(bytes), [fake.tsa.url]);
    if (!r.ok) throw new Error(r.error);
    expect(opensslVerifiesToken(fake.pki, r.der, sha256(bytes).toString("hex")).ok).toBe(true);
    return r.der;
  }
  // A broken token as the fake serves it (the client would refuse it, so it is fetched raw).
  fake.tsa.mode = mode;
  const { buildTimeStampRequest } = await import("@/lib/domain/timestamps/rfc3161/token");
  const res = await fetch(fake.tsa.url, { method: "POST", body: new Uint8Array(buildTimeStampRequest(sha256(bytes)).der) });
  return Buffer.from(await res.arrayBuffer());
}

function verifyRequest(parts: { file?: Buffer; ots?: Buffer; tsr?: Buffer }) {
  const form = new FormData();
  if (parts.file) form.append("file", new Blob([new Uint8Array(parts.file)]), "idea.txt");
  if (parts.ots) form.append("ots", new Blob([new Uint8Array(parts.ots)]), "idea.txt.ots");
  if (parts.tsr) form.append("tsr", new Blob([new Uint8Array(parts.tsr)]), "idea.txt.tsr");
  return POST(new Request("http://localhost/api/verify", { method: "POST", body: form }), noParams);
}

describe("POST /api/verify with a .tsr", () => {
  beforeEach(() => configure(net.net));

  it("says when and by whom a file was stamped, with a token alone", async () => {
    const res = await verifyRequest({ file: FILE, tsr: await tokenFor(FILE) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ hash: "sha256", fileDigest: sha256(FILE).toString("hex"), rfc3161: { valid: true, genTime: expect.any(String), tsa: "IdeaVault Test TSA" } });
    expect(Math.abs(Date.parse(body.rfc3161.genTime) - Date.now())).toBeLessThan(60_000);
  });

  it("answers both clocks when the .ots comes too, and a broken .ots is still the 400 it was", async () => {
    const ots = otsFile(sha256(FILE), pendingOn(net.net.calendars[0].url, 1));
    const tsr = await tokenFor(FILE);
    const res = await verifyRequest({ file: FILE, ots, tsr });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ matches: true, verdict: "pending", rfc3161: { valid: true, tsa: "IdeaVault Test TSA" } });
    expect((await verifyRequest({ file: FILE, ots: Buffer.from("not an ots"), tsr })).status).toBe(400);
    // Without a token the answer is as before, with rfc3161 null.
    expect((await (await verifyRequest({ file: FILE, ots })).json()).rfc3161).toBeNull();
  });

  it("calls a token for another file, a bad signature or a signer without timeStamping not valid, with the reason", async () => {
    const other = await tokenFor(Buffer.from("another file"));
    const cases: [Buffer, RegExp][] = [
      [other, /another digest/],
      [await tokenFor(FILE, "bad-signature"), /signature is not valid/],
      [await tokenFor(FILE, "no-eku"), /not for time-stamping/],
      [await tokenFor(FILE, "refuse"), /refused the request/],
    ];
    for (const [tsr, reason] of cases) {
      const res = await verifyRequest({ file: FILE, tsr });
      expect(res.status).toBe(200);
      expect((await res.json()).rfc3161).toEqual({ valid: false, genTime: null, tsa: null, reason: expect.stringMatching(reason) });
    }
    // A tampered file against a good token.
    const tampered = Buffer.from(FILE);
    tampered[0] ^= 1;
    const res = await verifyRequest({ file: tampered, tsr: await tokenFor(FILE) });
    expect((await res.json()).rfc3161).toMatchObject({ valid: false, reason: expect.stringMatching(/another digest/) });
  });

  it("refuses garbage with a 400 that says why, and an oversized token with a 413", async () => {
    for (const tsr of [Buffer.from("garbage"), await tokenFor(FILE, "garbage"), crypto.randomBytes(2000), Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff])]) {
      const res = await verifyRequest({ file: FILE, tsr });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^This is not a valid \.tsr token/);
    }
    const big = await verifyRequest({ file: FILE, tsr: Buffer.alloc(VERIFY_TSR_MAX_BYTES + 1, 0x30) });
    expect(big.status).toBe(413);
    const none = await verifyRequest({ file: FILE });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe("Choose the .ots proof or the .tsr token of the file.");
    // A token is checked offline: no calendar was asked by the checks above.
    expect(net.net.calendars.every((c) => c.upgradeRequests.length === 0)).toBe(true);
  });
});
