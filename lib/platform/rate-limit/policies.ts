import type { Limit } from "@/lib/platform/rate-limit";
import { normalizeEmail } from "@/lib/platform/email/address";

const MIN = 60;
const HOUR = 3600;

/** Per-IP and per-address budgets for the endpoints an attacker would hammer. Scaled by RATE_LIMIT_SCALE. */
export const rateLimits = {
  /** Every attempt from one address counts. */
  loginFromIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, limit: 30, windowSeconds: 15 * MIN }),
  /**
   * Only failed attempts count: tightly per address and account (a guesser locks out only itself), and
   * loosely per account across all addresses (a distributed guesser still hits a ceiling).
   */
  loginFailures: (ip: string, email: string): Limit[] => [
    { key: `login:fail:${ip}:${normalizeEmail(email)}`, limit: 10, windowSeconds: 15 * MIN },
    { key: `login:fail:${normalizeEmail(email)}`, limit: 100, windowSeconds: 15 * MIN },
  ],
  register: (ip: string, email: string): Limit[] => [
    { key: `register:ip:${ip}`, limit: 10, windowSeconds: HOUR },
    { key: `register:email:${normalizeEmail(email)}`, limit: 5, windowSeconds: HOUR },
  ],
  forgotPassword: (ip: string, email: string): Limit[] => [
    { key: `forgot:ip:${ip}`, limit: 10, windowSeconds: HOUR },
    { key: `forgot:email:${normalizeEmail(email)}`, limit: 3, windowSeconds: HOUR },
  ],
  resetPassword: (ip: string): Limit[] => [{ key: `reset:ip:${ip}`, limit: 20, windowSeconds: HOUR }],
  /** Verification links are 256-bit tokens; this only keeps one address from hammering the lookup. */
  verifyEmail: (ip: string): Limit[] => [{ key: `verify-email:ip:${ip}`, limit: 30, windowSeconds: HOUR }],
  /** E-mail change links are 256-bit tokens too: this only keeps one address from hammering the lookup. */
  confirmEmailChange: (ip: string): Limit[] => [{ key: `email-change:confirm:ip:${ip}`, limit: 30, windowSeconds: HOUR }],
  /** 'Change e-mail': each request mails an address the member typed (and their own), so a few per account. */
  emailChangeRequests: (userId: string): Limit[] => [{ key: `email-change:request:${userId}`, limit: 5, windowSeconds: HOUR }],
  /** 'Resend link': every call mails the account's own address, so few per account (and per address). */
  verifyEmailResend: (userId: string, ip: string): Limit[] => [
    { key: `verify-email:resend:${userId}`, limit: 3, windowSeconds: HOUR },
    { key: `verify-email:resend:ip:${ip}`, limit: 20, windowSeconds: HOUR },
  ],
  /** 'E-mail me my receipt': each call mails the reader's own proven address a PDF, so a few per recipient. */
  receiptMail: (recipientId: string): Limit[] => [{ key: `receipt-mail:${recipientId}`, limit: 3, windowSeconds: HOUR }],
  /** Public proof verification: each call may reach calendars and block explorers. */
  verifyProof: (ip: string): Limit[] => [{ key: `verify:ip:${ip}`, limit: 30, windowSeconds: 15 * MIN }],
  /**
   * Calendar questions and Bitcoin block checks those verifications make for one address (each verification makes
   * at most 16, a real proof a handful); beyond it the attestations are reported as not checked.
   */
  verifyLookups: (ip: string): Limit[] => [{ key: `verify:lookups:ip:${ip}`, limit: 100, windowSeconds: 15 * MIN }],
  /** Share links are 256-bit tokens; this only keeps one address from hammering the lookup. */
  shareLookup: (ip: string): Limit[] => [{ key: `share:lookup:ip:${ip}`, limit: 300, windowSeconds: MIN }],
  /** Wrong passcodes per link and address: the 6th try in 15 minutes is a 429, right or wrong. */
  passcodeTries: (shareId: string, ip: string): Limit[] => [{ key: `passcode:${shareId}:${ip}`, limit: 5, windowSeconds: 15 * MIN }],
  /**
   * Wrong passcodes per link across all addresses: the budget per address alone let a guesser with a few dozen
   * addresses find a 4-digit passcode in seconds. Past it the link answers 429 to every try, right or wrong, until
   * the hour is over, and its owner is mailed once (lib/domain/recipients/passcode.ts).
   */
  passcodeTriesPerLink: (shareId: string): Limit => ({ key: `passcode:link:${shareId}`, limit: 30, windowSeconds: HOUR }),
  /**
   * Page images and page lists (the recipient's reader, the owner's and the version previews): each may draw a page
   * in the render pool, so per reader (recipient or owner) and per address. A reader scrolling a long deck at two
   * widths stays far below it.
   */
  pageImages: (readerId: string, ip: string): Limit[] => [
    { key: `pages:${readerId}`, limit: 240, windowSeconds: MIN },
    { key: `pages:ip:${ip}`, limit: 480, windowSeconds: MIN },
  ],
  shareCreate: (ownerId: string): Limit[] => [{ key: `share:create:${ownerId}`, limit: 100, windowSeconds: HOUR }],
  recipientCreateFromIp: (ip: string): Limit[] => [{ key: `recipient:create:ip:${ip}`, limit: 30, windowSeconds: HOUR }],
  recipientCreateForShare: (shareId: string): Limit[] => [{ key: `recipient:create:share:${shareId}`, limit: 200, windowSeconds: HOUR }],
  /**
   * Guesses at an e-mail code; each code also dies after 5 wrong guesses (lib/domain/recipients/email-code.ts). Per link and per invited
   * address too: new recipients (from new IPs) would otherwise each bring fresh guesses at the same address's code.
   */
  codeVerify: (recipientId: string, ip: string, shareId: string, email: string): Limit[] => [
    { key: `code:verify:${recipientId}`, limit: 20, windowSeconds: HOUR },
    { key: `code:verify:ip:${ip}`, limit: 60, windowSeconds: HOUR },
    { key: `code:verify:share:${shareId}`, limit: 30, windowSeconds: HOUR },
    { key: `code:verify:email:${normalizeEmail(email)}`, limit: 30, windowSeconds: HOUR },
  ],
  /** Code mails to one invited address, across every recipient of every link (an identify call was a mail bomb). */
  codeMail: (email: string): Limit[] => [{ key: `code:mail:${normalizeEmail(email)}`, limit: 5, windowSeconds: HOUR }],
  /** New codes per recipient (at most one per 30 s is enforced on the row itself). */
  codeSend: (recipientId: string, ip: string): Limit[] => [
    { key: `code:send:${recipientId}`, limit: 5, windowSeconds: HOUR },
    { key: `code:send:ip:${ip}`, limit: 30, windowSeconds: HOUR },
  ],
  comment: (recipientId: string, ip: string): Limit[] => [
    { key: `comment:${recipientId}`, limit: 30, windowSeconds: 10 * MIN },
    { key: `comment:ip:${ip}`, limit: 60, windowSeconds: 10 * MIN },
  ],
  /**
   * Reading-time reports per recipient: the reader sends one every 15 s and on leaving a page, a few tabs at once
   * at most; each report can only claim the time that passed (lib/domain/engagement), so this only bounds the writes.
   */
  engagement: (recipientId: string): Limit[] => [{ key: `engagement:${recipientId}`, limit: 120, windowSeconds: 10 * MIN }],
  /** The owner's answers to comments, per account. */
  ownerReply: (ownerId: string): Limit[] => [{ key: `reply:${ownerId}`, limit: 60, windowSeconds: 10 * MIN }],
  waitlist: (ip: string, email: string): Limit[] => [
    { key: `waitlist:ip:${ip}`, limit: 20, windowSeconds: HOUR },
    { key: `waitlist:email:${normalizeEmail(email)}`, limit: 5, windowSeconds: HOUR },
  ],
  /** Per account: one account filled the database with ~110 ideas and ~35 uploads back to back. */
  ideaWrites: (userId: string): Limit[] => [{ key: `ideas:write:${userId}`, limit: 120, windowSeconds: 10 * MIN }],
  uploads: (userId: string): Limit[] => [{ key: `uploads:${userId}`, limit: 30, windowSeconds: 10 * MIN }],
  profileWrites: (userId: string): Limit[] => [{ key: `profile:write:${userId}`, limit: 30, windowSeconds: 10 * MIN }],
  /** Creating, editing and deleting one's own agreements, per account. */
  agreementWrites: (userId: string): Limit[] => [{ key: `agreements:write:${userId}`, limit: 60, windowSeconds: 10 * MIN }],
  /** 'Download my data' reads and decrypts every file of the account: a few per hour is plenty. */
  accountExport: (userId: string): Limit[] => [{ key: `account:export:${userId}`, limit: 5, windowSeconds: HOUR }],
  /** An evidence pack builds a certificate per acceptance and decrypts every version: a few a minute per account. */
  evidencePack: (userId: string): Limit[] => [
    { key: `evidence:pack:${userId}`, limit: 3, windowSeconds: MIN },
    { key: `evidence:pack:h:${userId}`, limit: 30, windowSeconds: HOUR },
  ],
  /** Wrong passwords when deleting the account (only failures count): a stolen session cannot guess the password. */
  accountDeleteFailures: (userId: string): Limit[] => [{ key: `account:delete:fail:${userId}`, limit: 10, windowSeconds: 15 * MIN }],
  /** Wrong current passwords on 'Change password' (only failures count): a borrowed session cannot guess it. */
  passwordChangeFailures: (userId: string): Limit[] => [{ key: `password:change:fail:${userId}`, limit: 10, windowSeconds: 15 * MIN }],
  /** 'Invite someone': each mails an address the member typed, so a few a day per account. */
  invites: (userId: string): Limit[] => [{ key: `invites:${userId}`, limit: 20, windowSeconds: 24 * HOUR }],
  /** Adding and deleting webhook endpoints (each addition resolves a host name). */
  webhookWrites: (userId: string): Limit[] => [{ key: `webhooks:write:${userId}`, limit: 30, windowSeconds: 10 * MIN }],
  /** 'Send test event': each makes the server POST to the account's address, so a handful per account. */
  webhookTest: (userId: string): Limit[] => [{ key: `webhooks:test:${userId}`, limit: 10, windowSeconds: 10 * MIN }],
};

/** Page images and lists for the owner (previews): per account and address, as the recipient's reader. */
export const ownerPageLimits = ({ user, ip }: { user: { id: string }; ip: string }) => rateLimits.pageImages(`u:${user.id}`, ip);

/** Page images and lists for the recipient the gate lets read: per recipient and address. */
export const recipientPageLimits = (recipientId: string, ip: string) => rateLimits.pageImages(`r:${recipientId}`, ip);
