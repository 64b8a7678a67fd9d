import crypto from "node:crypto";

/**
 * `IdeaVault-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (Stripe's scheme): the receiver
 * recomputes v1 over the raw body it received and refuses an old t, so a captured delivery cannot be replayed later.
 */
export const SIGNATURE_HEADER = "IdeaVault-Signature";

export function signatureFor(secret: string, timestamp: number, body: string) {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secret: string, body: string, now = new Date()) {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureFor(secret, t, body)}`;
}

/** What a receiver does (our tests, and docs/sharing-and-the-gate.md, "Webhooks"): constant-time compare, 5 minutes of tolerance. */
export function verifySignature(secret: string, header: string, body: string, now = new Date(), toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now.getTime() / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(signatureFor(secret, t, body), "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A new endpoint's secret: 32 random bytes, shown once. */
export function newWebhookSecret() {
  return `whsec_${crypto.randomBytes(32).toString("base64url")}`;
}
