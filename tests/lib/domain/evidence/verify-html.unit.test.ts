import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { verifyHtml } from "@/lib/domain/evidence/verify-html";
import { canonicalJson } from "@/lib/domain/evidence/verify-html/canonical-json";
import { ripemd160 } from "@/lib/domain/evidence/verify-html/ripemd160";
import { ecdsaRawSignature, verifyTimeStampResponse } from "@/lib/domain/evidence/verify-html/rfc3161";
import { parseOts } from "@/lib/domain/evidence/verify-html/ots";
import { ZipError, extractEntry, readCentralDirectory } from "@/lib/domain/evidence/verify-html/zip-reader";
import { entryHash, merkleRootOf, verifyLogChain, ZERO_HASH } from "@/lib/domain/evidence/verify-html/log-chain";
import { summary, verifyPack } from "@/lib/domain/evidence/verify-html/checks";
import { describeWithPython, type OtsTree } from "../../../fakes/python-ots";
import { evidencePackFiles, manifestFor, otsFor, zipPack, type PackFile } from "../../../support/evidence-pack-fixture";
import { startOpensslTsa, type OpensslTsa } from "../../../support/openssl-tsa";

/**
 * verify.html's script, run in Node (the same WebCrypto and DecompressionStream a browser has): its pure functions
 * against published vectors and reference tools, and the whole check against a fixture pack. The page itself, in
 * Chromium from a file:// URL, is tests/e2e/verify-html.spec.ts.
 */

const sha256 = (b: Buffer | string) => crypto.createHash("sha256").update(b).digest();

describe("verifyHtml()", () => {
  const html = verifyHtml();
  const inline = (tag: string) => {
    const all = [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))];
    expect(all).toHaveLength(1);
    return all[0][1];
  };
  const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1] ?? "";
  const hash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("allows exactly its inline script and style by their SHA-256, and nothing else", () => {
    expect(csp.split("; ")).toEqual([
      "default-src 'none'",
      `script-src ${hash(inline("script"))}`,
      `style-src ${hash(inline("style"))}`,
      "base-uri 'none'",
      "form-action 'none'",
    ]);
  });

  it("loads nothing: no external script, style, image or link, and no inline handler or style attribute", () => {
    const markup = html.replace(inline("script"), "").replace(inline("style"), "");
    expect(markup).not.toMatch(/\s(src|href|style|on[a-z]+)=/i);
    expect(markup).not.toMatch(/<(link|img|iframe|object|embed|base)\b/i);
    expect(inline("script")).not.toMatch(/\b(fetch|XMLHttpRequest|WebSocket|EventSource|importScripts|sendBeacon)\b/);
  });

  it("is built once per process", () => {
    expect(verifyHtml()).toBe(html);
  });
});

describe("RIPEMD-160", () => {
  // The published test vectors (Dobbertin, Bosselaers, Preneel).
  it.each([
    ["", "9c1185a5c5e9fc54612808977ee8f548b2258d31"],
    ["a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"],
    ["abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"],
    ["message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"],
    ["abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"],
    ["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"],
    ["1234567890".repeat(8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"],
  ])("of %j", (input, expected) => {
    expect(Buffer.from(ripemd160(Buffer.from(input))).toString("hex")).toBe(expected);
  });

  it("of a million 'a's, and agrees with OpenSSL on lengths around the padding boundary", () => {
    expect(Buffer.from(ripemd160(Buffer.alloc(1_000_000, "a"))).toString("hex")).toBe("52783243c1697bdbe16d37f97f68f08325dc1528");
    let openssl: ((b: Buffer) => string) | null = null;
    try {
      crypto.createHash("ripemd160");
      openssl = (b) => crypto.createHash("ripemd160").update(b).digest("hex");
    } catch {
      // Node's OpenSSL 3 may not load the legacy provider: the published vectors above still hold.
    }
    if (!openssl) return;
    for (const n of [55, 56, 57, 63, 64, 65, 119, 120, 128]) {
      const b = crypto.randomBytes(n);
      expect(Buffer.from(ripemd160(b)).toString("hex")).toBe(openssl(b));
    }
  });
});

describe("canonical JSON (RFC 8785)", () => {
  it("sorts members by UTF-16 code units (the RFC's example, §3.2.3)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const keys = Object.keys(JSON.parse(canonicalJson(input)) as object);
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(keys).toHaveLength(7);
  });

  it("serializes numbers and strings as ECMAScript does (the RFC's example, §3.2.2)", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    expect(canonicalJson(-0)).toBe("0");
    expect(() => canonicalJson(NaN)).toThrow();
  });
});

describe("the log", () => {
  const entry = async (seq: number, prev: string, data: unknown) => {
    const e = { seq, at: `2026-11-27T08:00:0${seq}.000Z`, type: "view", data, prev, hash: "" };
    e.hash = await entryHash(e);
    return e;
  };
  async function chain(n: number) {
    const out = [];
    let prev = ZERO_HASH;
    for (let i = 1; i <= n; i++) {
      const e = await entry(i, prev, { n: i, who: { commitment: "ab".repeat(32) } });
      out.push(e);
      prev = e.hash;
    }
    return out;
  }
  const jsonl = (lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

  it("hashes prev's 32 bytes then the canonical JSON of {seq, at, type, data}", async () => {
    const e = await entry(1, ZERO_HASH, { b: 1, a: [true, null] });
    const expected = sha256(
      Buffer.concat([Buffer.alloc(32), Buffer.from('{"at":"2026-11-27T08:00:01.000Z","data":{"a":[true,null],"b":1},"seq":1,"type":"view"}')]),
    );
    expect(e.hash).toBe(expected.toString("hex"));
  });

  it("accepts an intact chain and names the first entry edited, removed, inserted or moved", async () => {
    const good = await chain(5);
    await expect(verifyLogChain(jsonl(good))).resolves.toMatchObject({ entries: 5, head: good[4].hash });
    const edited = good.map((e) => ({ ...e }));
    edited[2].data = { n: 99, who: { commitment: "ab".repeat(32) } };
    await expect(verifyLogChain(jsonl(edited))).rejects.toThrow("entry 3: its hash does not match its content");
    await expect(verifyLogChain(jsonl([...good.slice(0, 2), ...good.slice(3)]))).rejects.toThrow("line 3: seq 4 where 3 was expected");
    await expect(verifyLogChain(jsonl([good[0], good[2], good[1], good[3]]))).rejects.toThrow("line 2: seq 3 where 2 was expected");
    // A rewritten tail whose seq and hashes are recomputed still breaks the link to the entry before it.
    const forged = await entry(3, "cd".repeat(32), { n: 3 });
    await expect(verifyLogChain(jsonl([good[0], good[1], forged]))).rejects.toThrow("entry 3: prev is not the hash of the entry before it");
    await expect(verifyLogChain("")).rejects.toThrow("the log has no entry");
    await expect(verifyLogChain("{not json\n")).rejects.toThrow("line 1 is not JSON");
  });

  it("follows an anchor's Merkle path from the head it covers (leaf 0x00, node 0x01, odd node carried up)", async () => {
    const leaf = (h: Buffer) => sha256(Buffer.concat([Buffer.from([0]), h]));
    const node = (l: Buffer, r: Buffer) => sha256(Buffer.concat([Buffer.from([1]), l, r]));
    const [h1, h2, h3] = [crypto.randomBytes(32), crypto.randomBytes(32), crypto.randomBytes(32)];
    const root = node(node(leaf(h1), leaf(h2)), leaf(h3));
    await expect(
      merkleRootOf(h2.toString("hex"), [
        { side: "left", hash: leaf(h1).toString("hex") },
        { side: "right", hash: leaf(h3).toString("hex") },
      ]),
    ).resolves.toBe(root.toString("hex"));
    await expect(merkleRootOf(h3.toString("hex"), [{ side: "left", hash: node(leaf(h1), leaf(h2)).toString("hex") }])).resolves.toBe(root.toString("hex"));
    const good = await chain(2);
    const anchor = { root: root.toString("hex"), path: [], at: "2026-11-27T09:00:00.000Z", ots: null, tsr: null };
    const result = await verifyLogChain(jsonl([good[0], { anchor }, good[1]]));
    expect(result.anchors).toEqual([{ line: 2, head: good[0].hash, seq: 1, anchor }]);
    await expect(verifyLogChain(jsonl([{ anchor }, ...good]))).rejects.toThrow("line 1: an anchor before any entry covers nothing");
  });
});

describe("OpenTimestamps proofs", () => {
  it("reads what python-opentimestamps reads: the digest, forks, pending and Bitcoin attestations and the merkle root", async () => {
    const digest = sha256("a file");
    const made = (["bitcoin", "pending", "both"] as const).map((state) => otsFor(digest, state));
    const reference = describeWithPython(made.map((m) => m.ots));
    for (const [i, m] of made.entries()) {
      const ours = await parseOts(m.ots);
      const theirs = reference[i];
      if ("error" in theirs) throw new Error(theirs.error);
      expect(ours.hash).toBe(theirs.hash);
      expect(Buffer.from(ours.digest).toString("hex")).toBe(theirs.digest);
      const collect = (t: OtsTree): { att: string; msg: string }[] => [
        ...t.attestations.map((att) => ({ att, msg: t.msg })),
        ...t.ops.flatMap(([, sub]) => collect(sub)),
      ];
      const expected = collect(theirs.tree)
        .map(({ att, msg }) => (att.startsWith("bitcoin ") ? `bitcoin ${att.slice(8)} ${Buffer.from(msg, "hex").reverse().toString("hex")}` : att))
        .sort();
      const actual = ours.attestations
        .map((a) => (a.kind === "bitcoin" ? `bitcoin ${a.height} ${a.merkleRoot}` : a.kind === "pending" ? `pending ${a.uri}` : a.kind))
        .sort();
      expect(actual).toEqual(expected);
      if (m.merkleRoot) expect(actual.join()).toContain(Buffer.from(m.merkleRoot).reverse().toString("hex"));
    }
  });

  it("evaluates sha1, ripemd160, reverse and hexlify, and refuses damaged proofs with a reason", async () => {
    const magic = Buffer.from("004f70656e54696d657374616d7073000050726f6f6600bf89e2e884e89294", "hex");
    const digest = sha256("x");
    // sha1, ripemd160, reverse, hexlify, sha256, then a Bitcoin attestation at height 1000.
    const proof = Buffer.concat([
      magic,
      Buffer.from([1, 0x08]),
      digest,
      Buffer.from([0x02, 0x03, 0xf2, 0xf3, 0x08, 0x00]),
      Buffer.from("0588960d73d71901", "hex"),
      Buffer.from([2, 0xe8, 0x07]),
    ]);
    const sha1 = crypto.createHash("sha1").update(digest).digest();
    const rmd = Buffer.from(ripemd160(sha1));
    const hexed = Buffer.from(Buffer.from(rmd).reverse().toString("hex"));
    const root = sha256(hexed);
    const parsed = await parseOts(proof);
    expect(parsed.attestations).toEqual([{ kind: "bitcoin", height: 1000, merkleRoot: Buffer.from(root).reverse().toString("hex") }]);
    const [theirs] = describeWithPython([proof]);
    expect(theirs).not.toHaveProperty("error");
    await expect(parseOts(proof.subarray(0, proof.length - 1))).rejects.toThrow("the proof ends too early");
    await expect(parseOts(Buffer.concat([proof, Buffer.from([0])]))).rejects.toThrow("trailing bytes after the proof");
    await expect(parseOts(Buffer.concat([magic, Buffer.from([1, 0x08]), digest, Buffer.from([0x42])]))).rejects.toThrow("unknown operation 0x42");
    await expect(parseOts(Buffer.concat([magic, Buffer.from([2, 0x08]), digest]))).rejects.toThrow("version 2 is not supported");
    await expect(parseOts(Buffer.from("not a proof at all, just some text"))).rejects.toThrow("OpenTimestamps header");
  });
});

describe("RFC 3161 tokens made by openssl", () => {
  let rsa: OpensslTsa;
  let ec: OpensslTsa;
  beforeAll(() => {
    rsa = startOpensslTsa({ name: "Unit TSA" });
    ec = startOpensslTsa({ name: "Unit EC TSA", key: "ec" });
  });
  afterAll(() => {
    rsa?.close();
    ec?.close();
  });

  it.each(["rsa", "ec"] as const)("verify (%s): imprint, messageDigest, signing certificate, signature, timeStamping", async (kind) => {
    const tsa = kind === "rsa" ? rsa : ec;
    const data = Buffer.from("the stamped file");
    const tsr = await tsa.stamp(sha256(data));
    const covered = async () => new Uint8Array(sha256(data));
    const info = await verifyTimeStampResponse(tsr, covered, "the file");
    expect(info).toMatchObject({ tsa: `CN=${tsa.name}, O=IdeaVault tests`, hash: "SHA-256", policy: "1.3.6.1.4.1.99999.1" });
    expect(Date.now() - Date.parse(info.genTime)).toBeLessThan(10 * 60_000);
    await expect(verifyTimeStampResponse(tsr, async () => new Uint8Array(sha256("another file")), "the file")).rejects.toThrow(
      "its message imprint is not the SHA-256 of the file",
    );
    const lastByte = Buffer.from(tsr);
    lastByte[lastByte.length - 1] ^= 1;
    await expect(verifyTimeStampResponse(lastByte, covered)).rejects.toThrow(kind === "rsa" ? "its signature does not verify" : /signature|DER|integer/);
    // The TSTInfo's genTime changed: the signed messageDigest no longer matches it.
    const genTime = Buffer.from(tsr);
    const at = genTime.indexOf(Buffer.from(info.genTime.slice(0, 4)));
    genTime[at + 3] ^= 1;
    await expect(verifyTimeStampResponse(genTime, covered)).rejects.toThrow("its signed messageDigest is not the digest of its TSTInfo");
  });

  it("verify an RSA-PSS token (its TSTInfo re-signed by openssl cms: openssl ts signs with PKCS#1 v1.5 only)", async () => {
    const data = Buffer.from("stamped under PSS");
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "verify-html-pss-"));
    try {
      fs.writeFileSync(path.join(work, "resp.tsr"), await rsa.stamp(sha256(data)));
      const openssl = (args: string[]) => execFileSync("openssl", args, { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
      openssl(["ts", "-reply", "-in", "resp.tsr", "-token_out", "-out", "token.der"]);
      openssl(["cms", "-verify", "-noverify", "-binary", "-inform", "DER", "-in", "token.der", "-out", "tst.der"]);
      // -cades adds the ESS signingCertificateV2 attribute a time-stamp token must carry.
      const signer = [
        "-signer",
        path.join(rsa.dir, "tsa.pem"),
        "-inkey",
        path.join(rsa.dir, "tsa.key"),
        "-keyopt",
        "rsa_padding_mode:pss",
        "-keyopt",
        "rsa_pss_saltlen:32",
      ];
      openssl([
        "cms",
        "-sign",
        "-binary",
        "-nodetach",
        "-cades",
        "-econtent_type",
        "1.2.840.113549.1.9.16.1.4",
        "-in",
        "tst.der",
        ...signer,
        "-md",
        "sha256",
        "-outform",
        "DER",
        "-out",
        "pss.der",
      ]);
      const token = fs.readFileSync(path.join(work, "pss.der"));
      // TimeStampResp: SEQUENCE { PKIStatusInfo { granted }, token }.
      const body = Buffer.concat([Buffer.from("3003020100", "hex"), token]);
      const length = body.length < 128 ? Buffer.from([body.length]) : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
      const tsr = Buffer.concat([Buffer.from([0x30]), length, body]);
      expect(tsr.includes(Buffer.from("06092a864886f70d01010a", "hex"))).toBe(true); // id-RSASSA-PSS
      await expect(verifyTimeStampResponse(tsr, async () => new Uint8Array(sha256(data)))).resolves.toMatchObject({ tsa: "CN=Unit TSA, O=IdeaVault tests" });
      tsr[tsr.length - 1] ^= 1;
      await expect(verifyTimeStampResponse(tsr, async () => new Uint8Array(sha256(data)))).rejects.toThrow("its signature does not verify");
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it("converts a DER ECDSA signature to r ‖ s, padding short halves", () => {
    const der = Buffer.from("3007020101020200ff", "hex");
    expect(Buffer.from(ecdsaRawSignature(der, 4)).toString("hex")).toBe("00000001000000ff");
  });
});

describe("the ZIP reader", () => {
  it("reads stored and deflated entries of the server's ZIP writer, and refuses a damaged one", async () => {
    const files: PackFile[] = [
      { path: "a.txt", bytes: Buffer.from("hello ".repeat(100)), compress: true },
      { path: "b.bin", bytes: crypto.randomBytes(1000), compress: false },
      { path: "naïve/ü.txt", bytes: Buffer.alloc(0), compress: true },
    ];
    const zip = new Uint8Array(await zipPack(files));
    const entries = readCentralDirectory(zip);
    expect(entries.map((e) => e.name)).toEqual(["a.txt", "b.bin", "naïve/ü.txt", "manifest.json"]);
    for (const [i, f] of files.entries()) expect(Buffer.from(await extractEntry(zip, entries[i]))).toEqual(f.bytes);
    const damaged = zip.slice();
    damaged[entries[0].offset + 30 + 5 + 3] ^= 0xff;
    await expect(extractEntry(damaged, entries[0])).rejects.toThrow(ZipError);
    expect(() => readCentralDirectory(zip.subarray(0, zip.length - 10))).toThrow("not a ZIP file");
    // zlib agrees on the deflated bytes.
    expect(zlib.inflateRawSync(zip.subarray(entries[0].offset + 30 + 5, entries[0].offset + 30 + 5 + entries[0].compressedSize)).toString()).toBe(
      "hello ".repeat(100),
    );
  });
});

describe("verifyPack", () => {
  let tsa: OpensslTsa;
  let files: PackFile[];
  beforeAll(async () => {
    tsa = startOpensslTsa({ name: "Pack TSA" });
    files = await evidencePackFiles({ versions: 2, acceptances: 2, tsa });
  });
  afterAll(() => tsa?.close());

  it("passes an intact pack and lists every check", async () => {
    const list = await verifyPack(new Uint8Array(await zipPack(files)));
    expect(list.filter((c) => !c.ok)).toEqual([]);
    expect(summary(list)).toBe(`All ${list.length} checks passed`);
    expect(list.filter((c) => c.title === "SHA-256 as listed in manifest.json")).toHaveLength(files.length);
  });

  it("names the first failure and counts the others", async () => {
    const changed = files.map((f) => (f.path === "versions/v1/idea-7.html" ? { ...f, bytes: Buffer.concat([f.bytes, Buffer.from(" ")]) } : f));
    const list = await verifyPack(new Uint8Array(await zipPack(changed, manifestFor(files))));
    expect(summary(list)).toMatch(
      /^Check failed: versions\/v1\/idea-7\.html: its SHA-256 is [0-9a-f]{64} but manifest\.json lists [0-9a-f]{64} \(the file was changed\) \(3 of \d+ checks failed\)$/,
    );
    expect(list.filter((c) => !c.ok).map((c) => c.file)).toEqual(["versions/v1/idea-7.html", "versions/v1/idea-7.html.tsr", "versions/v1/idea-7.html.ots"]);
  });

  it("checks that the certification after the manifest names the manifest's digest, and nothing else goes unlisted", async () => {
    const manifest = manifestFor(files);
    const digest = crypto.createHash("sha256").update(manifest).digest("hex");
    const certification = (text: string): PackFile => ({ path: "certification.txt", bytes: Buffer.from(text), compress: true });
    const ok = await verifyPack(new Uint8Array(await zipPack(files, manifest, [certification(`SHA-256 of manifest.json:  ${digest}\n`)])));
    expect(summary(ok)).toBe(`All ${ok.length} checks passed`);
    expect(ok).toContainEqual(expect.objectContaining({ file: "certification.txt", title: "Names the manifest's SHA-256", ok: true }));
    const other = await verifyPack(new Uint8Array(await zipPack(files, manifest, [certification(`SHA-256 of manifest.json:  ${"0".repeat(64)}\n`)])));
    expect(summary(other)).toMatch(/^Check failed: certification\.txt: it does not name the manifest's SHA-256/);
    const extra = await verifyPack(new Uint8Array(await zipPack(files, manifest, [{ path: "notes.txt", bytes: Buffer.from("x"), compress: true }])));
    expect(summary(extra)).toMatch(/^Check failed: notes\.txt: the pack contains it but manifest\.json does not list it/);
  });

  it("says so when the file is not a ZIP or has no manifest", async () => {
    expect(summary(await verifyPack(new Uint8Array(Buffer.from("hello"))))).toBe(
      "Check failed: the ZIP: this is not a ZIP file (no end of central directory record)",
    );
    const noManifest = await zipPack(files.slice(0, 1), Buffer.from("{}"));
    expect(summary(await verifyPack(new Uint8Array(noManifest)))).toBe("Check failed: manifest.json: it has no list of files");
  });
});
