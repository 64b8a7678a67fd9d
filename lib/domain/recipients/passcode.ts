import "server-only";
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, RateLimitError } from "@/lib/platform/http/errors";
import { getEnv } from "@/lib/platform/env";
import { notifyPasscodeGuessing } from "@/lib/domain/notifications/security";
import { INVALID_LINK, isDead } from "@/lib/domain/gate/link-state";
import { secretHashes, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { shareByToken } from "@/lib/domain/gate/lookup";
import { appendLinkEvidence, type LinkSubject } from "@/lib/domain/evidence-log/append";
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

/**
 * The GET /api/share/{token} answer before the passcode: who sent the link (so the passcode screen can name them) and
 * nothing about the idea or room itself.
 */
export type PasscodeRequired = { requiresPasscode: true; sender: string };

export function passcodeRequired(sender: string): PasscodeRequired {
  return { requiresPasscode: true, sender };
}

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

/** Thrown inside lib when a link's passcode is missing; the lookup route answers passcodeRequired(sender) for it. */
export class PasscodeRequiredError extends NotFoundError {
  constructor() {
    super(INVALID_LINK);
  }
}

/** Wrong passcodes on one link from all addresses within its hour before the link locks (see checkPasscode). */
export const PASSCODE_LINK_CEILING = 30;
const PASSCODE_LOCK_SECONDS = 3600;

/**
 * Counts one try against the link's ceiling, in the link's own row (a new hour starts once the last one is over);
 * answers the count and when the hour ends.
 */
async function countLinkTry(shareId: string) {
  const [window] = await db.$queryRawUnsafe<{ count: number; resetAt: Date }[]>(
    `UPDATE "Share" SET
       "passcodeWrongTries" = CASE WHEN "passcodeTriesResetAt" IS NULL OR "passcodeTriesResetAt" <= now() THEN 1 ELSE "passcodeWrongTries" + 1 END,
       "passcodeTriesResetAt" = CASE WHEN "passcodeTriesResetAt" IS NULL OR "passcodeTriesResetAt" <= now()
                                     THEN now() + make_interval(secs => $2::int) ELSE "passcodeTriesResetAt" END
     WHERE "id" = $1
     RETURNING "passcodeWrongTries" AS "count", "passcodeTriesResetAt" AS "resetAt"`,
    shareId,
    PASSCODE_LOCK_SECONDS,
  );
  if (!window) throw new NotFoundError(INVALID_LINK);
  return window;
}

/** A right passcode gives its try back: only wrong ones use the ceiling up. */
async function refundLinkTry(shareId: string) {
  await db.share.updateMany({ where: { id: shareId, passcodeWrongTries: { gt: 0 } }, data: { passcodeWrongTries: { decrement: 1 } } });
}

type PasscodeLink = { id: string; ideaId: number | null; roomId?: string | null; passcodeHash: string };

/**
 * POST /api/share/{token}/passcode, for a live link with a passcode: 403 PASSCODE_WRONG, or nothing when it is right.
 *
 * The ceiling per link across all addresses is the link's own state, not a request limit: past 30 wrong tries in its
 * hour the link is locked for passcode entry (every try is a 429 until the hour ends, the right passcode too, so many
 * addresses cannot share out the guessing), and reaching it mails the link's owner, once per hour. It is therefore
 * kept on the link's row and counted here, not by the request limiter (whose RATE_LIMIT_SCALE does not apply to it).
 * Every try is counted first, so parallel guesses cannot outrun it; a right one is given back. The route counts the
 * per-address tries (rateLimits.passcodeTries) before, and gives them back when the passcode was right.
 */
export async function checkPasscode(share: PasscodeLink, passcode: string) {
  const window = await countLinkTry(share.id);
  const ceiling = PASSCODE_LINK_CEILING;
  // The wrong try counted at the ceiling mails the owner; so does the first one refused past it, in case a right
  // passcode took the ceiling's place and was given back. notifyPasscodeGuessing sends one mail per window.
  const reached = window.count === ceiling || window.count === ceiling + 1;
  const alert = () => notifyPasscodeGuessing(share.id, { wrongTries: ceiling, windowEndsAt: window.resetAt });
  if (window.count > ceiling) {
    if (reached) await alert();
    throw new RateLimitError(Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000)));
  }
  if (!(await bcrypt.compare(passcode, share.passcodeHash))) {
    if (reached) await alert();
    throw new ForbiddenError(PASSCODE_WRONG);
  }
  await refundLinkTry(share.id);
}

/**
 * Marks the link's recipients matching `which` as having given the current passcode (only if it is still the one
 * checked: a change in between leaves them locked out), each with its evidence entry.
 */
export async function markPasscodeGiven(share: LinkSubject & { id: string; passcodeHash: string | null }, which: Prisma.RecipientWhereInput, at: Date) {
  await db.$transaction(async (tx) => {
    const marked = await tx.recipient.updateManyAndReturn({
      where: { ...which, shareId: share.id, share: { passcodeHash: share.passcodeHash } },
      data: { passcodeGivenAt: at },
      select: { id: true },
    });
    for (const r of marked) {
      await appendLinkEvidence(tx, share, { type: "passcode.given", data: { shareId: share.id, recipientId: r.id } });
    }
  });
}

/**
 * After a right passcode: the proof to keep in the link's cookie. This browser's recipients of the link are marked
 * as having given it (the gate's passcode clause).
 */
export async function admitPasscode(share: PasscodeLink, secrets: RecipientSecrets) {
  const hashes = secretHashes(secrets);
  if (hashes.length) {
    await markPasscodeGiven(share, { secretHash: { in: hashes } }, new Date());
  }
  return { shareId: share.id, proof: passcodeProof(share.id, share.passcodeHash) };
}

/**
 * The whole passcode entry for callers that are not requests (no request limit applies to them): the proof to keep
 * (null: the link has no passcode), 403 PASSCODE_WRONG or the link's 429; unknown, revoked or expired links: 404.
 */
export async function enterPasscode(token: string, passcode: string, secrets: RecipientSecrets) {
  const share = await shareByToken(token);
  if (!share || isDead(share)) throw new NotFoundError(INVALID_LINK);
  if (share.passcodeHash === null) return { shareId: share.id, proof: null };
  const link = { id: share.id, ideaId: share.ideaId, roomId: share.roomId, passcodeHash: share.passcodeHash };
  await checkPasscode(link, passcode);
  return admitPasscode(link, secrets);
}
