import "server-only";
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, RateLimitError } from "@/lib/platform/http/errors";
import { getEnv } from "@/lib/platform/env";
import { allowed, enforceRateLimits, rateLimitHitSql, recordFailures, refundAttempts, retryAfter, type Limit } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { notifyPasscodeGuessing } from "@/lib/domain/notifications/security";
import { INVALID_LINK, isDead } from "@/lib/domain/gate/link-state";
import { secretHashes, type ClientInfo, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { shareByToken } from "@/lib/domain/gate/lookup";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A link's passcode. Stored only as a bcrypt hash (slow, salted). A browser that gave it holds an
 * httpOnly cookie per link whose value is an HMAC of the link and its current hash: changing the passcode (new hash)
 * voids every such cookie, and a copy of the database alone cannot forge one. Recipients carry passcodeGivenAt, the
 * gate's passcode clause (lib/domain/gate/index.ts), cleared whenever the passcode changes.
 */

export const PASSCODE_WRONG = "Incorrect passcode";
const ROUNDS = 10;

/** This browser's passcode cookies, by link id (lib/domain/recipients/cookies.ts readPasscodeProofs). */
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

/** Counts one try against the link's ceiling; answers the window it was counted in. */
async function countLinkTry(limit: Limit) {
  const [window] = await db.$queryRawUnsafe<{ count: number; resetAt: Date }[]>(rateLimitHitSql("$1", "$2::int"), limit.key, limit.windowSeconds);
  return window;
}

/**
 * POST /api/share/{token}/passcode: the proof to keep in the link's cookie (null: the link has no passcode), or 403
 * PASSCODE_WRONG. Every try is counted first (so parallel guesses cannot outrun the budget), a right one is given
 * back. Two budgets: per link and address (the 6th try within 15 minutes is a 429) and per link across all
 * addresses (rateLimits.passcodeTriesPerLink: past 30 wrong tries in its hour every try is a 429, the right passcode
 * too, so many addresses cannot share out the guessing); reaching it mails the link's owner, once per window.
 * This browser's recipients of the link are marked as having given it (the gate's passcode clause). Unknown,
 * revoked or expired links: 404, like a lookup.
 */
/**
 * Marks the link's recipients matching `which` as having given the current passcode (only if it is still the one
 * checked: a change in between leaves them locked out), each with its evidence entry.
 */
export async function markPasscodeGiven(share: { id: string; ideaId: number; passcodeHash: string | null }, which: Prisma.RecipientWhereInput, at: Date) {
  await db.$transaction(async (tx) => {
    const marked = await tx.recipient.updateManyAndReturn({
      where: { ...which, shareId: share.id, share: { passcodeHash: share.passcodeHash } },
      data: { passcodeGivenAt: at },
      select: { id: true },
    });
    for (const r of marked) {
      await appendEvidence(tx, { ideaId: share.ideaId, type: "passcode.given", data: { shareId: share.id, recipientId: r.id } });
    }
  });
}

export async function enterPasscode(token: string, passcode: string, secrets: RecipientSecrets, client: ClientInfo) {
  const share = await shareByToken(token);
  if (!share || isDead(share)) {
    await recordFailures(rateLimits.shareLookup(client.ip));
    throw new NotFoundError(INVALID_LINK);
  }
  if (share.passcodeHash === null) return { shareId: share.id, proof: null };
  // Per address first: an address past its own budget is refused before it can use up the link's.
  const perAddress = rateLimits.passcodeTries(share.id, client.ip);
  await enforceRateLimits(perAddress);
  const perLink = rateLimits.passcodeTriesPerLink(share.id);
  const window = await countLinkTry(perLink);
  const ceiling = allowed(perLink);
  // The wrong try counted at the ceiling mails the owner; so does the first one refused past it, in case a right
  // passcode took the ceiling's place and was given back. notifyPasscodeGuessing sends one mail per window.
  const reached = window.count === ceiling || window.count === ceiling + 1;
  const alert = () => notifyPasscodeGuessing(share.id, { wrongTries: ceiling, windowEndsAt: window.resetAt });
  if (window.count > ceiling) {
    if (reached) await alert();
    throw new RateLimitError(retryAfter(window.resetAt));
  }
  if (!(await bcrypt.compare(passcode, share.passcodeHash))) {
    if (reached) await alert();
    throw new ForbiddenError(PASSCODE_WRONG);
  }
  await refundAttempts([...perAddress, perLink]);
  const hashes = secretHashes(secrets);
  if (hashes.length) {
    // Only if the passcode is still the one checked: a change in between leaves these recipients locked out.
    await markPasscodeGiven(share, { secretHash: { in: hashes } }, new Date());
  }
  return { shareId: share.id, proof: passcodeProof(share.id, share.passcodeHash) };
}
