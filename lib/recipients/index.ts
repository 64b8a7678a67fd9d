import "server-only";
import { shownVersion } from "@/lib/shares/shown-version";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { ConflictError, ForbiddenError, HttpError, NotFoundError, RateLimitError, ValidationError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { exportDigest } from "@/lib/ideas/export";
import { agreementShownTo } from "@/lib/agreements/shown";
import { ndaEvidenceDigest } from "@/lib/nda/evidence";
import { queueNdaDigest } from "@/lib/timestamps";
import { sendEmail } from "@/lib/email";
import { recipientCodeEmail } from "@/lib/email/templates";
import { notifyNdaAccepted } from "@/lib/notifications";
import { kickWebhookDeliveries } from "@/lib/webhooks/deliver";
import { ndaAcceptedEvent } from "@/lib/webhooks/events";
import { queueWebhookEvent } from "@/lib/webhooks/queue";
import { runAfterResponse } from "@/lib/server/after-response";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import {
  findLiveShare,
  INVALID_LINK,
  isOpenFor,
  newRecipientSecret,
  secretHash,
  secretHashes,
  shareWithIdea,
  type ClientInfo,
  type RecipientSecrets,
} from "@/lib/shares/access";
import { lockUndeclinedRecipient } from "@/lib/recipients/declined";
import { isEmailVerified, needsCode, passcodeGiven, type CodeFields } from "@/lib/shares/gate";
import { addressAdmitted, notAvailableTo } from "@/lib/shares/address-rules";
import { holdsPasscode, NO_PASSCODE_PROOFS, PasscodeRequiredError, type PasscodeProofs } from "@/lib/shares/passcode";
import type { Recipient } from "@/lib/generated/prisma/client";
import type { CreateRecipientInput } from "@/lib/validation/sharing";

export const WRONG_ADDRESS = "This link was sent to a different e-mail address. Please use the address the invitation was sent to.";
export const CODE_WRONG = "That code is not correct. Please check the e-mail and try again.";
export const CODE_EXPIRED = "This code has expired. Request a new one.";
export const CODE_TOO_MANY_ATTEMPTS = "Too many attempts. Request a new code.";
export const VERIFY_EMAIL_FIRST = "Please verify your e-mail address first.";
export const ALREADY_VERIFIED = "Your e-mail address is already verified.";
export const CODE_MAILS_CAPPED = "Too many codes have been sent to this address. Please use the last code you received, or try again later.";
export const CODE_GUESSES_CAPPED = "Too many attempts to confirm this address. Please try again later.";
export const AGREEMENT_CHANGED = "The agreement has changed since you opened it. Please read it again.";
const NOT_AN_EMAIL_SHARE = "This link does not need an e-mail code.";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** The gap between two code mails to a recipient: 30 s unless RECIPIENT_CODE_RESEND_S says otherwise (lib/env.ts). */
const codeResendIntervalMs = () => getEnv().RECIPIENT_CODE_RESEND_S * 1000;

export { isEmailVerified } from "@/lib/shares/gate";

export function presentRecipient(r: Recipient, share: CodeFields) {
  return { id: r.id, name: r.name, email: r.email, phone: r.phone, agreedToNda: r.agreedToNda, emailVerified: isEmailVerified(r, share) };
}
export type PresentedRecipient = ReturnType<typeof presentRecipient>;

/**
 * The code is never stored: an HMAC bound to the link and the invited address, so a database copy alone cannot
 * confirm a guess, and every recipient of that link and address (another browser, a re-identification) can confirm
 * with the one code mailed to it while it is valid.
 */
export function codeHash(shareId: string, email: string, code: string) {
  return crypto.createHmac("sha256", getEnv().NEXTAUTH_SECRET).update(`recipient-code:${shareId}:${email}:${code}`).digest("hex");
}

/** The limits as a 429 with `message` (the recipient screens show it). */
async function enforceLimitsSaying(limits: ReturnType<typeof rateLimits.codeMail>, message: string) {
  try {
    await enforceRateLimits(limits);
  } catch (err) {
    throw err instanceof RateLimitError ? new RateLimitError(err.retryAfterSeconds, message) : err;
  }
}

/**
 * A code still valid for this link and address (mailed for another of its recipients, not spent): a new recipient
 * takes it over, with its expiry, its send time (the 30 s resend gap holds) and its attempts, instead of mailing
 * another, so repeated identify calls cannot bomb the invitee.
 */
function liveCode(shareId: string, email: string) {
  return db.recipient.findFirst({
    where: { shareId, email, emailVerifiedAt: null, codeHash: { not: null }, codeExpiresAt: { gt: new Date() }, codeAttempts: { lt: CODE_MAX_ATTEMPTS } },
    orderBy: { codeSentAt: "desc" },
    select: { codeHash: true, codeExpiresAt: true, codeSentAt: true, codeAttempts: true },
  });
}

/** A fresh code's columns; the caller mails the code only once they are stored. */
function freshCode(shareId: string, email: string, now = new Date()) {
  const code = newCode();
  return { code, data: { codeHash: codeHash(shareId, email, code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), codeAttempts: 0, codeSentAt: now } };
}

function newCode() {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * The recipient `id` if this browser holds its secret and its link is still open for it; 404 otherwise
 * (someone else's recipient, a revoked, expired or used-up link).
 */
export async function findSessionRecipient(id: string, secrets: RecipientSecrets) {
  const hashes = secretHashes(secrets);
  const recipient = hashes.length ? await db.recipient.findFirst({ where: { id, secretHash: { in: hashes } }, include: { share: { include: shareWithIdea } } }) : null;
  if (!recipient) throw new NotFoundError("Recipient not found");
  if (!isOpenFor(recipient.share, recipient) || !passcodeGiven(recipient.share, recipient)) throw new NotFoundError(INVALID_LINK);
  return recipient;
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
  await sendEmail({ to: recipient.email, ...(await recipientCodeEmail({ code })) });
}

/**
 * Identifies a visitor to a live link and binds a new recipient session to it (the caller sets the cookie
 * from the returned secret). An e-mail share only admits its own address (any case) and mails a code, unless a code
 * still valid for this link and address exists (then the new recipient confirms with that one); at most 5 code
 * mails an hour reach one address, whatever the links and recipients (429 CODE_MAILS_CAPPED).
 */
export async function createRecipient(input: CreateRecipientInput, client: ClientInfo, passcodes: PasscodeProofs = NO_PASSCODE_PROOFS) {
  await enforceRateLimits(rateLimits.recipientCreateFromIp(client.ip));
  const share = await findLiveShare(input.accessToken);
  // A link with a passcode admits no one who has not given it (a 404, like any link this caller may not use).
  if (!holdsPasscode(share, passcodes)) throw new PasscodeRequiredError();
  await enforceRateLimits(rateLimits.recipientCreateForShare(share.id));
  const email = input.email.trim().toLowerCase();
  if (share.shareType === "email" && email !== share.recipientEmail?.trim().toLowerCase()) throw new ForbiddenError(WRONG_ADDRESS);
  // Issue 17 §2: the link's allow and block lists and the owner's blocked domains, before anything is mailed.
  if (!addressAdmitted(share, share.idea.owner.sharingBlockedDomains, email)) throw new ForbiddenError(notAvailableTo(email));
  const coded = needsCode(share);
  const live = coded ? await liveCode(share.id, email) : null;
  if (coded && !live) await enforceLimitsSaying(rateLimits.codeMail(email), CODE_MAILS_CAPPED);
  const fresh = coded && !live ? freshCode(share.id, email) : null;
  const secret = newRecipientSecret();
  const recipient = await db.recipient.create({
    data: {
      shareId: share.id,
      name: input.name.trim(),
      email,
      phone: input.phone?.trim() || null,
      secretHash: secretHash(secret),
      ip: client.ip,
      userAgent: client.userAgent,
      passcodeGivenAt: share.passcodeHash === null ? null : new Date(),
      ...(live ?? fresh?.data),
    },
  });
  if (fresh) await sendEmail({ to: email, ...(await recipientCodeEmail({ code: fresh.code })) });
  return { recipient: presentRecipient(recipient, share), secret, shareId: share.id };
}

/** POST /api/recipients/{id}/code: a new code (30 s apart, 5 an hour per recipient, 5 mails an hour per address). */
export async function sendRecipientCode(id: string, secrets: RecipientSecrets, client: ClientInfo) {
  const recipient = await findSessionRecipient(id, secrets);
  if (!needsCode(recipient.share)) throw new ConflictError(NOT_AN_EMAIL_SHARE);
  if (recipient.emailVerifiedAt) throw new ConflictError(ALREADY_VERIFIED);
  // Too soon is refused before the hourly budget is counted (issueCode enforces it atomically as well).
  const interval = codeResendIntervalMs();
  if (recipient.codeSentAt && Date.now() - recipient.codeSentAt.getTime() < interval) {
    throw new RateLimitError(Math.ceil((recipient.codeSentAt.getTime() + interval - Date.now()) / 1000));
  }
  await enforceRateLimits(rateLimits.codeSend(recipient.id, client.ip));
  await enforceLimitsSaying(rateLimits.codeMail(recipient.email), CODE_MAILS_CAPPED);
  await issueCode(recipient);
  return { sent: true as const };
}

/**
 * Confirms the e-mailed code. Each guess first claims one of the code's 5 attempts with a conditional update,
 * so parallel guesses cannot exceed them; the 6th answers 429 whatever it says. Guesses are also capped per
 * recipient, IP, link and address (429 CODE_GUESSES_CAPPED), so new recipients bring no fresh guesses.
 */
export async function verifyRecipientEmail(id: string, code: string, secrets: RecipientSecrets, client: ClientInfo) {
  const recipient = await findSessionRecipient(id, secrets);
  if (!needsCode(recipient.share) || recipient.emailVerifiedAt) return presentRecipient(recipient, recipient.share);
  await enforceLimitsSaying(rateLimits.codeVerify(recipient.id, client.ip, recipient.shareId, recipient.email), CODE_GUESSES_CAPPED);
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
  const verified = await db.recipient.update({
    where: { id },
    data: { emailVerifiedAt: new Date(), codeHash: null, codeExpiresAt: null },
  });
  return presentRecipient(verified, recipient.share);
}

/**
 * SHA-256 of what the recipient is about to read: the idea's canonical export (lib/ideas/export.ts: the PDF's
 * bytes, the HTML document or the canonical JSON). For a published idea it is the digest its timestamp proves.
 */
async function currentContentSha256(idea: { id: number; title: string; ownerId: string; contentCiphertext: Uint8Array }) {
  return exportDigest(idea);
}

/**
 * Records the agreement with its evidence (who, from where, when, the exact text and its digest, the content's
 * digest) and queues the record's digest for a timestamp. Accepting again answers the same recipient: one record
 * (and one proof) per recipient (unique recipientId).
 */
export async function acceptNda(id: string, secrets: RecipientSecrets, client: ClientInfo, shown: { agreementSha256?: string } = {}) {
  const recipient = await findSessionRecipient(id, secrets);
  const { share } = recipient;
  if (!isEmailVerified(recipient, share)) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  if (recipient.agreedToNda) return presentRecipient(recipient, share);
  // The version the link shows is the one agreed to: the record names it with its digest (issue 18 §1).
  const version = await shownVersion(share);
  const contentSha256 = await currentContentSha256({ id: share.idea.id, ownerId: share.idea.ownerId, title: version.title, contentCiphertext: version.contentCiphertext });
  const { updated, created, webhooks } = await db.$transaction(async (tx) => {
    await lockUndeclinedRecipient(tx, recipient.id);
    // The agreement as rendered for this recipient (issue 17 §4), its row held so an edit cannot change the version
    // being accepted; the text the screen showed must be this very text.
    // {ideaTitle} names the version shown (a pinned link's older title), as GET /api/share/{token}/agreement did.
    const agreement = await agreementShownTo(tx, { ...share, idea: { ...share.idea, title: version.title } }, recipient, { lock: true });
    if (shown.agreementSha256 && shown.agreementSha256 !== agreement.sha256) throw new ConflictError(AGREEMENT_CHANGED);
    const [created] = await tx.ndaAcceptance.createManyAndReturn({
      data: [
        {
          recipientId: recipient.id,
          shareId: share.id,
          ideaId: share.idea.id,
          name: recipient.name,
          email: recipient.email,
          phone: recipient.phone,
          agreementVersion: agreement.agreementVersion,
          agreementId: agreement.agreementId,
          agreementTitle: agreement.agreementId ? agreement.title : null,
          agreementVersionNumber: agreement.version,
          agreementText: agreement.text,
          agreementSha256: agreement.sha256,
          contentSha256,
          version: version.version,
          ip: client.ip,
          userAgent: client.userAgent,
        },
      ],
      skipDuplicates: true,
    });
    // The evidence record's canonical serialization goes through the timestamp job like a published idea.
    if (created) await queueNdaDigest(tx, created.id, ndaEvidenceDigest(created));
    // The owner's webhooks are queued with the acceptance itself: committed together or not at all.
    const webhooks = created
      ? await queueWebhookEvent(
          tx,
          ndaAcceptedEvent({
            id: created.id,
            ideaId: share.idea.id,
            shareId: share.id,
            acceptedAt: created.acceptedAt,
            recipient: { id: recipient.id, name: recipient.name, email: recipient.email },
          }),
        )
      : [];
    return { created, webhooks, updated: await tx.recipient.update({ where: { id: recipient.id }, data: { agreedToNda: true } }) };
  });
  kickWebhookDeliveries(webhooks);
  if (created) {
    await notifyNdaAccepted(created.id);
    // The recipient's certificate: mailed after the answer, so a slow or failing mail never touches the acceptance
    // (and the PDF code loads only then, not for every recipient call).
    const ndaId = created.id;
    await runAfterResponse("NDA certificate mail", async () => (await import("@/lib/nda/certificate")).mailNdaCertificate(ndaId));
  }
  return presentRecipient(updated, share);
}
