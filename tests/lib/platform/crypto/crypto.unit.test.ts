import crypto from "node:crypto";
import { currentKeyId, decrypt, DecryptionError, encrypt, sha256Hex } from "@/lib/platform/crypto";
import { setEnv } from "../../../test-env";

const KEY_A = Buffer.alloc(32, 7).toString("base64"); // the test key (tests/setup/test-db.ts), id "test1"
const KEY_B = Buffer.alloc(32, 9).toString("base64");
const KEY_C = Buffer.alloc(32, 11).toString("base64");

/** Where the GCM body starts: "IV1" | id length | id | 12-byte IV | 16-byte tag | body. */
function layout(envelope: Buffer) {
  const idLen = envelope[3];
  const ivStart = 4 + idLen;
  return { id: envelope.subarray(4, ivStart).toString(), ivStart, tagStart: ivStart + 12, bodyStart: ivStart + 28 };
}

/** The DecryptionError a decryption throws (failing when it succeeds or throws anything else): tests compare its type and reason, not its words. */
function decryptionError(run: () => unknown): DecryptionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DecryptionError);
    return error as DecryptionError;
  }
  throw new Error("decrypt succeeded");
}
const reasonOf = (run: () => unknown) => decryptionError(run).reason;

describe("encrypt/decrypt", () => {
  it("round-trips bytes (empty, text and binary) under the current key id", () => {
    expect(currentKeyId()).toBe("test1");
    for (const plain of [Buffer.alloc(0), Buffer.from("Ünïcødé idea ✓"), crypto.randomBytes(70_000)]) {
      const envelope = encrypt(plain, "ctx:1");
      expect(envelope.subarray(0, 3).toString()).toBe("IV1");
      expect(layout(envelope).id).toBe("test1");
      expect(envelope.length).toBe(plain.length + 4 + "test1".length + 12 + 16);
      expect(decrypt(envelope, "ctx:1").equals(plain)).toBe(true);
    }
  });

  it("produces a different ciphertext (fresh IV) every time and never contains the plaintext", () => {
    const plain = Buffer.from("the same secret sentence, twice over");
    const a = encrypt(plain, "ctx");
    const b = encrypt(plain, "ctx");
    expect(a.equals(b)).toBe(false);
    expect(a.subarray(layout(a).ivStart, layout(a).tagStart).equals(b.subarray(layout(b).ivStart, layout(b).tagStart))).toBe(false);
    expect(a.includes(plain)).toBe(false);
    expect(a.includes(Buffer.from("secret"))).toBe(false);
  });

  it("fails with the wrong context (AAD)", () => {
    const envelope = encrypt(Buffer.from("bound"), "idea-content:alice");
    expect(reasonOf(() => decrypt(envelope, "idea-content:bob"))).toBe("unauthentic");
    expect(reasonOf(() => decrypt(envelope, ""))).toBe("unauthentic");
    expect(decrypt(envelope, "idea-content:alice").toString()).toBe("bound");
  });

  it("fails when any byte of the IV, tag or body is altered", () => {
    const envelope = encrypt(Buffer.from("integrity matters"), "ctx");
    const { ivStart, tagStart, bodyStart } = layout(envelope);
    for (const i of [ivStart, tagStart, tagStart + 15, bodyStart, envelope.length - 1]) {
      const tampered = Buffer.from(envelope);
      tampered[i] ^= 0x01;
      expect(reasonOf(() => decrypt(tampered, "ctx"))).toBe("unauthentic");
    }
    // Truncation (a missing last byte) and appended bytes fail too.
    expect(reasonOf(() => decrypt(envelope.subarray(0, envelope.length - 1), "ctx"))).toBe("unauthentic");
    expect(reasonOf(() => decrypt(Buffer.concat([envelope, Buffer.from([0])]), "ctx"))).toBe("unauthentic");
  });

  it("refuses data that is not an envelope", () => {
    expect(reasonOf(() => decrypt(Buffer.from("plain text, not encrypted"), "ctx"))).toBe("not-an-envelope");
    const envelope = encrypt(Buffer.from("x"), "ctx");
    const renamed = Buffer.from(envelope);
    renamed[4] = "X".charCodeAt(0); // key id "test1" → "Xest1"
    expect(decryptionError(() => decrypt(renamed, "ctx"))).toMatchObject({ reason: "unknown-key", keyId: "Xest1" });
  });

  it("computes SHA-256 hex digests", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex(Buffer.from("abc"))).toBe(sha256Hex("abc"));
  });
});

describe("key rotation", () => {
  it("still decrypts data written under key A after ENCRYPTION_KEY becomes B, with A in ENCRYPTION_OLD_KEYS", () => {
    const underA = encrypt(Buffer.from("written before the rotation"), "ctx");

    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_ID: "k2", ENCRYPTION_OLD_KEYS: `test1:${KEY_A}` });
    expect(currentKeyId()).toBe("k2");
    expect(decrypt(underA, "ctx").toString()).toBe("written before the rotation");

    // New data goes under B, and both stay readable.
    const underB = encrypt(Buffer.from("written after"), "ctx");
    expect(layout(underB).id).toBe("k2");
    expect(decrypt(underB, "ctx").toString()).toBe("written after");
  });

  it("supports several old keys", () => {
    const underA = encrypt(Buffer.from("A"), "ctx");
    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_ID: "k2" });
    const underB = encrypt(Buffer.from("B"), "ctx");
    setEnv({ ENCRYPTION_KEY: KEY_C, ENCRYPTION_KEY_ID: "k3", ENCRYPTION_OLD_KEYS: `test1:${KEY_A},k2:${KEY_B}` });
    expect(decrypt(underA, "ctx").toString()).toBe("A");
    expect(decrypt(underB, "ctx").toString()).toBe("B");
  });

  it("fails with a clear message naming the missing key id when the old key is not configured", () => {
    const underA = encrypt(Buffer.from("orphaned"), "ctx");
    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_ID: "k2", ENCRYPTION_OLD_KEYS: undefined });
    const missing = decryptionError(() => decrypt(underA, "ctx"));
    expect(missing).toMatchObject({ reason: "unknown-key", keyId: "test1" });
    expect(missing.message).toContain(`"${missing.keyId}"`); // operators read which key to restore

    // Listing the key again makes it readable (the key ring is rebuilt when the variables change).
    setEnv({ ENCRYPTION_OLD_KEYS: `test1:${KEY_A}` });
    expect(decrypt(underA, "ctx").toString()).toBe("orphaned");
  });

  it("an old key listed under the wrong value does not decrypt", () => {
    const underA = encrypt(Buffer.from("x"), "ctx");
    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_ID: "k2", ENCRYPTION_OLD_KEYS: `test1:${KEY_C}` });
    expect(reasonOf(() => decrypt(underA, "ctx"))).toBe("unauthentic");
  });

  it("refuses to run with a malformed ENCRYPTION_OLD_KEYS entry, naming it", () => {
    setEnv({ ENCRYPTION_OLD_KEYS: "old1:dG9vLXNob3J0" });
    expect(() => encrypt(Buffer.from("x"), "ctx")).toThrow('ENCRYPTION_OLD_KEYS: entry "old1" is not id:base64-of-32-bytes');
  });
});
