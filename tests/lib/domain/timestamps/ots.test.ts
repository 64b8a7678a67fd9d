import crypto from "node:crypto";
import { UnauthorizedError } from "@/lib/platform/http/errors";
import { EnvError, parseEnv } from "@/lib/platform/env";
import { authorizeCron } from "@/lib/features/api/cron-secret";
import { isAllowedCalendar } from "@/lib/domain/timestamps/calendar";
import { attestationsOf, buildBatch, findNode, mergeTimestamp, OtsFormatError, parseOtsFile, parseTimestamp, serializeOtsFile } from "@/lib/domain/timestamps/ots";
import { setEnv } from "../../../db-utils";
import { bitcoinAttestation, merklePaths, op, pendingAttestation, varbytes } from "../../../fakes/ots-bytes";
import { expectSameInPython } from "./helpers";

const MAGIC = Buffer.from("004f70656e54696d657374616d7073000050726f6f6600bf89e2e884e89294", "hex");
const digest = crypto.createHash("sha256").update("hello").digest();
/** A detached .ots over sha256 `digest` whose timestamp is `body`. */
const file = (body: Buffer, d = digest) => Buffer.concat([MAGIC, Buffer.from([0x01, 0x08]), d, body]);
const pending = pendingAttestation("https://alice.btc.calendar.opentimestamps.org");

describe("the .ots codec", () => {
  it("reads a proof written by hand from the format description, and python reads it the same", () => {
    const body = Buffer.concat([op.append(Buffer.from("00112233", "hex")), op.sha256(), Buffer.from([0xff]), pending, bitcoinAttestation(358391)]);
    const bytes = file(body);
    const proof = parseOtsFile(bytes);
    expect(attestationsOf(proof.timestamp).map((a) => a.attestation)).toEqual([
      { kind: "pending", uri: "https://alice.btc.calendar.opentimestamps.org" },
      { kind: "bitcoin", height: 358391 },
    ]);
    expectSameInPython([bytes]);
  });

  it.each([
    ["a truncated file", file(Buffer.concat([op.sha256(), pending])).subarray(0, 60)],
    ["trailing bytes", Buffer.concat([file(pending), Buffer.from([0x00])])],
    ["another format", Buffer.from("%PDF-1.4 not a proof at all, but long enough to have a header")],
    ["an unknown operation", file(Buffer.concat([Buffer.from([0x42]), pending]))],
    ["an empty append", file(Buffer.concat([Buffer.from([0xf0, 0x00]), pending]))],
    ["a message over 4 KiB", file(Buffer.concat([op.append(Buffer.alloc(4080)), pending]))],
    ["a calendar URI with a forbidden character", file(pendingAttestation("https://evil.example/?q=1"))],
    ["a length that does not fit", file(Buffer.concat([Buffer.from([0xf0, 0xff, 0xff, 0xff, 0xff, 0x7f])]))],
    ["nesting deeper than 256", file(Buffer.concat([Buffer.alloc(300, 0x08), pending]))],
    ["an attestation payload with extra bytes", file(Buffer.concat([Buffer.from([0x00]), Buffer.from("0588960d73d71901", "hex"), varbytes(Buffer.from([0x05, 0x00]))]))],
  ])("refuses %s without logging", (_label, bytes) => {
    expect(() => parseOtsFile(bytes)).toThrow(OtsFormatError);
  });

  it("refuses a calendar answer that ends early or carries more than a timestamp", () => {
    const root = crypto.randomBytes(32);
    expect(() => parseTimestamp(Buffer.from([0xf0, 0x20, 0x01]), root)).toThrow(OtsFormatError);
    expect(() => parseTimestamp(Buffer.concat([pending, Buffer.from([0x00])]), root)).toThrow(OtsFormatError);
    expect(attestationsOf(parseTimestamp(Buffer.concat([op.sha256(), pending]), root))).toHaveLength(1);
  });

  it.each([1, 2, 3, 5, 8])("folds %i digests into the reference client's Merkle tree", (n) => {
    const digests = Array.from({ length: n }, () => crypto.randomBytes(32));
    const { files, root } = buildBatch(digests);
    // Each leaf is sha256(digest ‖ 16-byte nonce); the fakes' own tree over those leaves has the same root.
    const leaves = files.map((f, i) => {
      const [[append, afterNonce]] = [...f.timestamp.ops];
      const nonce = Buffer.from((append as unknown as { arg: number[] }).arg);
      expect(nonce).toHaveLength(16);
      const leaf = crypto.createHash("sha256").update(Buffer.concat([digests[i], nonce])).digest();
      expect(Buffer.from([...afterNonce.ops.values()][0].msg)).toEqual(leaf);
      return leaf;
    });
    expect(Buffer.from(root.msg)).toEqual(merklePaths(leaves).root);
    for (const f of files) expect(findNode(f.timestamp, Buffer.from(root.msg))).toBe(root);
    // Without an attestation there is nothing to write.
    expect(() => serializeOtsFile(files[0])).toThrow("without attestations");
  });

  it("merges equal branches once (the package's own merge would write them twice)", () => {
    const { files, root } = buildBatch([digest]);
    const msg = Buffer.from(root.msg);
    const answer = Buffer.concat([op.append(Buffer.from("aa", "hex")), op.sha256(), pending]);
    expect(mergeTimestamp(root, parseTimestamp(answer, msg))).toBe(true);
    expect(mergeTimestamp(root, parseTimestamp(answer, msg))).toBe(false);
    const bytes = serializeOtsFile(files[0]);
    expect(attestationsOf(parseOtsFile(bytes).timestamp)).toHaveLength(1);
    expectSameInPython([bytes]);
  });
});

describe("who may run the job and whom it asks", () => {
  it("accepts only the configured cron secret", () => {
    setEnv({ CRON_SECRET: undefined });
    expect(() => authorizeCron("Bearer anything-at-all-1234")).toThrow(UnauthorizedError);
    setEnv({ CRON_SECRET: "the-right-secret-123" });
    for (const header of [null, "", "Bearer", "Bearer wrong-secret-1234567", "the-right-secret-123", "Basic the-right-secret-123"]) {
      expect(() => authorizeCron(header)).toThrow(UnauthorizedError);
    }
    expect(() => authorizeCron("Bearer the-right-secret-123")).not.toThrow();
  });

  it("follows pending attestations only to configured or well-known calendars", () => {
    const configured = ["http://127.0.0.1:4000"];
    expect(isAllowedCalendar("http://127.0.0.1:4000/", configured)).toBe(true);
    expect(isAllowedCalendar("https://alice.btc.calendar.opentimestamps.org", configured)).toBe(true);
    expect(isAllowedCalendar("https://finney.calendar.eternitywall.com", configured)).toBe(true);
    for (const uri of ["http://alice.btc.calendar.opentimestamps.org", "https://calendar.opentimestamps.org.evil.com", "https://x.calendar.opentimestamps.org:8443", "http://127.0.0.1:4001", "http://169.254.169.254/latest"]) {
      expect(isAllowedCalendar(uri, configured)).toBe(false);
    }
  });

  it("refuses a minimum larger than the calendar list", () => {
    const base = { NODE_ENV: "test", NEXTAUTH_SECRET: "x".repeat(40), ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"), DATA_DIR: process.env.DATA_DIR } as NodeJS.ProcessEnv;
    expect(parseEnv(base)).toMatchObject({ OTS_MIN_CALENDARS: 2, OTS_TIMEOUT_MS: 5000, OTS_INTERVAL_S: 600 });
    expect(parseEnv(base).OTS_CALENDARS).toHaveLength(4);
    expect(() => parseEnv({ ...base, OTS_CALENDARS: "http://127.0.0.1:1", OTS_MIN_CALENDARS: "2" })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, ESPLORA_URL: "ftp://example.com" })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, CRON_SECRET: "short" })).toThrow(EnvError);
  });
});
