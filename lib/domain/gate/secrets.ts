import "server-only";
import crypto from "node:crypto";
import { sha256Hex } from "@/lib/platform/crypto";
import { isTokenShaped } from "@/lib/domain/validation/ids";

/**
 * The credentials of sharing: access links (the token in /share/{token}) and recipient-session secrets (the
 * iv_r_* cookies), created here and only ever stored as hashes.
 */

/** Who is calling, as the route handler saw it (client-ip.ts address, User-Agent). */
export type ClientInfo = { ip: string; userAgent: string | null };

/**
 * The recipient-session secrets this browser holds (the values of its iv_r_* cookies). Lib functions take them
 * as a parameter so they stay callable without a request; lib/domain/recipients/cookies.ts reads them in handlers.
 */
export type RecipientSecrets = readonly string[];

/** 32 random bytes, base64url: 43 URL-safe characters, 256 bits. */
export function newAccessLink() {
  return crypto.randomBytes(32).toString("base64url");
}

export function newRecipientSecret() {
  return crypto.randomBytes(32).toString("base64url");
}

export function secretHash(secret: string) {
  return sha256Hex(secret);
}

/** Hashes of the well-formed secrets only (a cookie value is attacker-controlled). */
export function secretHashes(secrets: RecipientSecrets) {
  return secrets.filter((s) => /^[A-Za-z0-9_-]{43}$/.test(s)).slice(0, 50).map(secretHash);
}

/** Could be an access link (malformed ones never reach a query). */
export { isTokenShaped };
