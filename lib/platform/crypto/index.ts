import crypto from "node:crypto";
import { getEnv, type Env } from "@/lib/platform/env";

/**
 * AES-256-GCM envelopes for idea content and uploaded files.
 * Layout: "IV1" | keyId length (1 byte) | keyId | 12-byte IV | 16-byte tag | ciphertext.
 * The key id travels with the data, so ENCRYPTION_OLD_KEYS keeps old envelopes readable after a rotation.
 */
const MAGIC = Buffer.from("IV1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Keyring = { current: { id: string; key: Buffer }; all: Map<string, Buffer> };

// Rebuilt whenever the parsed environment is (lib/platform/env/index.ts validated the old keys already).
let cachedRing: { env: Env; ring: Keyring } | undefined;

function keyring(): Keyring {
  const env = getEnv();
  if (cachedRing?.env === env) return cachedRing.ring;
  const all = new Map(env.ENCRYPTION_OLD_KEYS.map(({ id, key }) => [id, key]));
  const current = { id: env.ENCRYPTION_KEY_ID, key: Buffer.from(env.ENCRYPTION_KEY, "base64") };
  all.set(current.id, current.key);
  cachedRing = { env, ring: { current, all } };
  return cachedRing.ring;
}

export function currentKeyId() {
  return keyring().current.id;
}

/** `context` is bound as additional data: an envelope moved to another record fails to decrypt. */
export function encrypt(plaintext: Buffer, context: string): Buffer {
  const { id, key } = keyring().current;
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const idBytes = Buffer.from(id);
  return Buffer.concat([MAGIC, Buffer.from([idBytes.length]), idBytes, iv, cipher.getAuthTag(), body]);
}

/**
 * Every failed decryption: callers and tests tell it apart by type (and `reason`), never by message. The messages
 * are for operators' logs: they name a missing key id but never any key or plaintext.
 * - "not-an-envelope": the bytes do not start with the envelope header (plain or foreign data);
 * - "unknown-key": the envelope names a key id that neither ENCRYPTION_KEY nor ENCRYPTION_OLD_KEYS provides;
 * - "unauthentic": GCM authentication failed: wrong context, wrong key value, or altered, truncated or extended bytes.
 */
export class DecryptionError extends Error {
  override name = "DecryptionError";
  constructor(
    public readonly reason: "not-an-envelope" | "unknown-key" | "unauthentic",
    message: string,
    options?: { cause?: unknown; keyId?: string },
  ) {
    super(message, options);
    this.keyId = options?.keyId;
  }
  /** The envelope's key id, for "unknown-key". */
  readonly keyId: string | undefined;
}

export function decrypt(envelope: Buffer, context: string): Buffer {
  if (!envelope.subarray(0, MAGIC.length).equals(MAGIC)) throw new DecryptionError("not-an-envelope", "Not an IdeaVault envelope");
  const idLen = envelope[MAGIC.length];
  let offset = MAGIC.length + 1;
  const id = envelope.subarray(offset, offset + idLen).toString();
  offset += idLen;
  const key = keyring().all.get(id);
  if (!key) throw new DecryptionError("unknown-key", `Encryption key "${id}" is not configured (ENCRYPTION_KEY / ENCRYPTION_OLD_KEYS)`, { keyId: id });
  const iv = envelope.subarray(offset, offset + IV_BYTES);
  const tag = envelope.subarray(offset + IV_BYTES, offset + IV_BYTES + TAG_BYTES);
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(envelope.subarray(offset + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch (cause) {
    // Node says "Unsupported state or unable to authenticate data" (or "Invalid authentication tag length" for an
    // envelope cut inside its tag): the same failure for a reader, so one reason.
    throw new DecryptionError("unauthentic", "The data could not be authenticated (wrong key or context, or altered)", { cause });
  }
}

export function sha256Hex(data: Buffer | string) {
  return crypto.createHash("sha256").update(data).digest("hex");
}

/**
 * A 32-byte key for one purpose and one record (HKDF-SHA256 of the encryption key `keyId`, `purpose` as salt, `subject`
 * as info): a record's key can be made again from its id and the key id it stores, reveals nothing of the encryption
 * key, and differs per purpose. Null when `keyId` is no longer configured (ENCRYPTION_OLD_KEYS).
 */
export function derivedKey(keyId: string, purpose: string, subject: string): Buffer | null {
  const key = keyring().all.get(keyId);
  if (!key) return null;
  return Buffer.from(crypto.hkdfSync("sha256", key, Buffer.from(purpose), Buffer.from(subject), 32));
}
