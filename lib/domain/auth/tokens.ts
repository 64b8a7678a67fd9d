import crypto from "node:crypto";

/** A URL-safe random token (256 bits) and the hash under which it is stored. */
export function newToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}
