import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

export type LocalSecrets = {
  nextauthSecret: string;
  encryptionKey: string;
  encryptionKeyId: string;
  dbPassword: string;
};

/**
 * Secrets generated once per DATA_DIR for installs that bring none (development, the embedded database).
 * Written with mode 0600 and created atomically, so two processes starting together agree on one set.
 */
export function readOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LocalSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets: LocalSecrets = {
    nextauthSecret: crypto.randomBytes(32).toString("base64url"),
    encryptionKey: crypto.randomBytes(32).toString("base64"),
    encryptionKeyId: `local-${crypto.randomBytes(3).toString("hex")}`,
    dbPassword: crypto.randomBytes(18).toString("base64url"),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file); // fails if another process won the race
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.unlinkSync(tmp);
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as LocalSecrets;
}
