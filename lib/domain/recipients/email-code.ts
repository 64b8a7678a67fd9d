import "server-only";
import { appendLinkEvidence } from "@/lib/domain/evidence-log/append";
import crypto from "node:crypto";
import { db } from "@/lib/platform/db";
import { ConflictError, HttpError, RateLimitError, ValidationError } from "@/lib/platform/http/errors";
import { getEnv } from "@/lib/platform/env";
import { recipientMailOfShare } from "@/lib/domain/brand";
import { sendEmail } from "@/lib/platform/email";
import { recipientCodeEmail } from "@/lib/platform/email/templates";
import type { RecipientSecrets } from "@/lib/domain/gate/secrets";
import { needsCode } from "@/lib/domain/gate";
import { findSessionRecipient, presentRecipient } from "@/lib/domain/recipients/session";

/** The e-mailed one-time code that proves a recipient's address on an e-mail link: issuing, resending, confirming. */

export const CODE_WRONG = "That code is not correct. Please check the e-mail and try again.";
export const CODE_EXPIRED = "This code has expired. Request a new one.";
export const CODE_TOO_MANY_ATTEMPTS = "Too many attempts. Request a new code.";
export const VERIFY_EMAIL_FIRST = "Please verify your e-mail address first.";
export const ALREADY_VERIFIED = "Your e-mail address is already verified.";
export const CODE_MAILS_CAPPED = "Too many codes have been sent to this address. Please use the last code you received, or try again later.";
export const CODE_GUESSES_CAPPED = "Too many attempts to confirm this address. Please try again later.";
const NOT_AN_EMAIL_SHARE = "This link does not need an e-mail code.";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** The gap between two code mails to a recipient: 30 s unless RECIPIENT_CODE_RESEND_S says otherwise (lib/platform/env/index.ts). */
const codeResendIntervalMs = () => getEnv().RECIPIENT_CODE_RESEND_S * 1000;

/**
 * The code is never stored: an HMAC bound to the link and the invited address, so a database copy alone cannot
 * confirm a guess, and every recipient of that link and address (another browser, a re-identification) can confirm
 * with the one code mailed to it while it is valid.
 */
export function codeHash(shareId: string, email: string, code: string) {
  return crypto.createHmac("sha256", getEnv().NEXTAUTH_SECRET).update(`recipient-code:${shareId}:${email}:${code}`).digest("hex");
}

/**
 * A code still valid for this link and address (mailed for another of its recipients, not spent): a new recipient
 * takes it over, with its expiry, its send time (the 30 s resend gap holds) and its attempts, instead of mailing
 * another, so repeated identify calls cannot bomb the invitee.
 */
export function liveCode(shareId: string, email: string) {
  return db.recipient.findFirst({
    where: { shareId, email, emailVerifiedAt: null, codeHash: { not: null }, codeExpiresAt: { gt: new Date() }, codeAttempts: { lt: CODE_MAX_ATTEMPTS } },
    orderBy: { codeSentAt: "desc" },
    select: { codeHash: true, codeExpiresAt: true, codeSentAt: true, codeAttempts: true },
  });
}

/** A fresh code's columns; the caller mails the code only once they are stored. */
export function freshCode(shareId: string, email: string, now = new Date()) {
  const code = newCode();
  return { code, data: { codeHash: codeHash(shareId, email, code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), codeAttempts: 0, codeSentAt: now } };
}

function newCode() {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * A new code for an e-mail share's recipient; the previous one dies, for every unverified recipient of the same link
 * and address (one live code per link and address). At most one per 30 s: the condition on codeSentAt makes
 * concurrent requests send one code, not several. The caller has counted the mail against the address's cap.
 */
async function issueCode(recipient: { id: string; shareId: string; email: string }) {
  const now = new Date();
  const { code, data } = freshCode(recipient.shareId, recipient.email, now);
  const updated = await db.recipient.updateMany({
    where: { id: recipient.id, emailVerifiedAt: null, OR: [{ codeSentAt: null }, { codeSentAt: { lte: new Date(now.getTime() - codeResendIntervalMs()) } }] },
    data,
  });
  if (updated.count !== 1) throw new RateLimitError(Math.ceil(codeResendIntervalMs() / 1000));
  await db.recipient.updateMany({ where: { shareId: recipient.shareId, email: recipient.email, emailVerifiedAt: null, id: { not: recipient.id } }, data });
  const { fromName, replyTo, brand } = await recipientMailOfShare(recipient.shareId);
  await sendEmail({ to: recipient.email, fromName, replyTo, ...(await recipientCodeEmail({ code, brand })) });
}

/**
 * POST /api/recipients/{id}/code, first half: this browser's recipient that may get a new code now. Too soon is
 * refused here, before the route counts the hourly budgets (5 an hour per recipient, 5 mails an hour per address:
 * rateLimits.codeSend and codeMail, keyed on this row); issueCode enforces the 30 s gap atomically as well.
 */
export async function codeRecipient(id: string, secrets: RecipientSecrets) {
  const recipient = await findSessionRecipient(id, secrets);
  if (!needsCode(recipient.share)) throw new ConflictError(NOT_AN_EMAIL_SHARE);
  if (recipient.emailVerifiedAt) throw new ConflictError(ALREADY_VERIFIED);
  const interval = codeResendIntervalMs();
  if (recipient.codeSentAt && Date.now() - recipient.codeSentAt.getTime() < interval) {
    throw new RateLimitError(Math.ceil((recipient.codeSentAt.getTime() + interval - Date.now()) / 1000));
  }
  return recipient;
}

/** The second half: a new code, mailed. */
export async function issueRecipientCode(recipient: Awaited<ReturnType<typeof codeRecipient>>) {
  await issueCode(recipient);
  return { sent: true as const };
}

/** Both halves, for callers that are not requests (no request limit applies to them). */
export async function sendRecipientCode(id: string, secrets: RecipientSecrets) {
  return issueRecipientCode(await codeRecipient(id, secrets));
}

export type SessionRecipient = Awaited<ReturnType<typeof findSessionRecipient>>;

/** Whether a code guess would be judged: the route counts the guess limits only then (a verified address costs nothing). */
export function guessesCount(recipient: SessionRecipient) {
  return needsCode(recipient.share) && !recipient.emailVerifiedAt;
}

/** Both halves of POST /api/recipients/{id}/verify, for callers that are not requests. */
export async function verifyRecipientEmail(id: string, code: string, secrets: RecipientSecrets) {
  return confirmRecipientCode(await findSessionRecipient(id, secrets), code);
}

/**
 * Confirms the e-mailed code for this browser's recipient (findSessionRecipient). Each guess first claims one of the
 * code's 5 attempts with a conditional update, so parallel guesses cannot exceed them; the 6th answers 429 whatever
 * it says. The route caps guesses per recipient, IP, link and address before (429 CODE_GUESSES_CAPPED,
 * rateLimits.codeVerify), so new recipients bring no fresh guesses.
 */
export async function confirmRecipientCode(recipient: SessionRecipient, code: string) {
  const { id } = recipient;
  if (!guessesCount(recipient)) return presentRecipient(recipient, recipient.share);
  if (!recipient.codeHash) throw new ValidationError(CODE_EXPIRED);
  const claimed = await db.recipient.updateMany({
    where: { id, codeHash: { not: null }, codeAttempts: { lt: CODE_MAX_ATTEMPTS } },
    data: { codeAttempts: { increment: 1 } },
  });
  if (claimed.count !== 1) throw new HttpError(429, CODE_TOO_MANY_ATTEMPTS);
  const current = await db.recipient.findUniqueOrThrow({ where: { id } });
  if (!current.codeHash || !current.codeExpiresAt || current.codeExpiresAt <= new Date()) throw new ValidationError(CODE_EXPIRED);
  const given = Buffer.from(codeHash(current.shareId, current.email, code.trim()), "hex");
  if (!crypto.timingSafeEqual(given, Buffer.from(current.codeHash, "hex"))) throw new ValidationError(CODE_WRONG);
  const verified = await db.$transaction(async (tx) => {
    const updated = await tx.recipient.update({
      where: { id },
      data: { emailVerifiedAt: new Date(), codeHash: null, codeExpiresAt: null },
    });
    await appendLinkEvidence(tx, recipient.share, {
      type: "address.proven",
      data: { shareId: updated.shareId, recipientId: id, method: "e-mailed code" },
      personal: { email: updated.email },
      recipientId: id,
    });
    return updated;
  });
  return presentRecipient(verified, recipient.share);
}
