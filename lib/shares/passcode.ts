import "server-only";
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import { db } from "@/lib/db";
import { ForbiddenError, NotFoundError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { enforceRateLimits, recordFailures, refundAttempts } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { INVALID_LINK, isDead } from "@/lib/shares/link-state";
import { secretHashes, type ClientInfo, type RecipientSecrets } from "@/lib/shares/secrets";
import { shareByToken } from "@/lib/shares/lookup";

/**
 * A link's passcode (issue 17 §1). Stored only as a bcrypt hash (slow, salted). A browser that gave it holds an
 * httpOnly cookie per link whose value is an HMAC of the link and its current hash: changing the passcode (new hash)
 * voids every such cookie, and a copy of the database alone cannot forge one. Recipients carry passcodeGivenAt, the
 * gate's passcode clause (lib/shares/gate.ts), cleared whenever the passcode changes.
 */

export const PASSCODE_WRONG = "Incorrect passcode";
export const PASSCODE_MIN = 4;
export const PASSCODE_MAX = 64;
const ROUNDS = 10;

/** This browser's passcode cookies, by link id (lib/recipients/cookies.ts readPasscodeProofs). */
export type PasscodeProofs = Readonly<Record<string, string>>;
export const NO_PASSCODE_PROOFS: PasscodeProofs = Object.freeze({});

/** The GET /api/share/{token} answer before the passcode: nothing about the idea. */
export const PASSCODE_REQUIRED = { requiresPasscode: true } as const;

export function hashPasscode(passcode: string) {
  return bcrypt.hash(passcode, ROUNDS);
}

export function passcodeProof(shareId: string, passcodeHash: string) {
  return crypto.createHmac("sha256", getEnv().NEXTAUTH_SECRET).update(`share-passcode:${shareId}:${passcodeHash}`).digest("base64url");
}

/** The link has no passcode, or this browser holds the proof of its current one. */
export function holdsPasscode(share: { id: string; passcodeHash: string | null }, proofs: PasscodeProofs) {
  if (share.passcodeHash === null) return true;
  const held = proofs[share.id];
  if (typeof held !== "string" || held.length > 100) return false;
  const expected = Buffer.from(passcodeProof(share.id, share.passcodeHash));
  const given = Buffer.from(held);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Thrown inside lib when a link's passcode is missing; the lookup route answers PASSCODE_REQUIRED for it. */
export class PasscodeRequiredError extends NotFoundError {
  constructor() {
    super(INVALID_LINK);
  }
}

/**
 * POST /api/share/{token}/passcode: the proof to keep in the link's cookie (null: the link has no passcode), or 403
 * PASSCODE_WRONG. Every try is counted first (so parallel guesses cannot outrun the budget): the 6th within 15
 * minutes per link and address is a 429; a right one is given back. This browser's recipients of the link are
 * marked as having given it (the gate's passcode clause). Unknown, revoked or expired links: 404, like a lookup.
 */
export async function enterPasscode(token: string, passcode: string, secrets: RecipientSecrets, client: ClientInfo) {
  const share = await shareByToken(token);
  if (!share || isDead(share)) {
    await recordFailures(rateLimits.shareLookup(client.ip));
    throw new NotFoundError(INVALID_LINK);
  }
  if (share.passcodeHash === null) return { shareId: share.id, proof: null };
  const limits = rateLimits.passcodeTries(share.id, client.ip);
  await enforceRateLimits(limits);
  if (!(await bcrypt.compare(passcode, share.passcodeHash))) throw new ForbiddenError(PASSCODE_WRONG);
  await refundAttempts(limits);
  const hashes = secretHashes(secrets);
  if (hashes.length) {
    // Only if the passcode is still the one checked: a change in between leaves these recipients locked out.
    await db.recipient.updateMany({ where: { shareId: share.id, secretHash: { in: hashes }, share: { passcodeHash: share.passcodeHash } }, data: { passcodeGivenAt: new Date() } });
  }
  return { shareId: share.id, proof: passcodeProof(share.id, share.passcodeHash) };
}
