import * as z from "zod/mini";
import { singleLine } from "@/lib/domain/validation/single-line";
import { printableOnAgreement } from "@/lib/domain/validation/printable";
import { isBlankText, isSafeText, UNSAFE_TEXT_MESSAGE } from "@/lib/domain/validation/text";
import { ID_PATTERN } from "@/lib/domain/validation/ids";
import { SIGNATURE_MAX_CHARS, SIGNATURE_MISMATCH } from "@/lib/domain/validation/nda-signature";
import { COMMENT_MAX_CHARS, COMMENT_PAGE_MAX, EMAIL_CODE_LENGTH, MAX_VIEWS_LIMIT, PASSCODE_MAX_LENGTH, PASSCODE_MIN_LENGTH } from "./sharing-limits";

/**
 * Sharing, recipients and comments. Written with zod/mini because the recipient screens (/collect, /nda,
 * /document) import these schemas and must stay light (the recipient pages' page-weight budget); the handlers parse with the
 * very same schemas, so limits and messages exist once. Even zod/mini weighs ~16-23 KB compressed, so those screens
 * load this module on first use (components/recipient/sharing-schemas.ts) and take plain numbers from
 * ./sharing-limits.
 */

const safe = z.refine<string>(isSafeText, UNSAFE_TEXT_MESSAGE);

export { SHARE_TYPES, SHARE_TYPE_LABELS, type ShareTypeValue } from "@/lib/domain/validation/share-types";

export const MESSAGES = {
  recipientName: "Name must be at least 3 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  expiresAt: "Please choose an expiration date in the future",
  expiresAtTooFar: "Please choose an expiration date before the year 10000",
  maxViews: "Maximum views must be a positive whole number",
  recipientEmail: "Please enter a valid email address",
  code: "Enter the 6-digit code from the e-mail",
  agreed: "You must accept the agreement to continue",
  commentEmpty: "Comment cannot be empty",
  commentTooLong: "Comments must be at most 2,000 characters",
  shareType: "Please choose a share type",
  passcode: "Passcode must be at least 6 characters",
  passcodeTooLong: "Passcode must be at most 64 characters",
  passcodeEmpty: "Enter the passcode",
} as const;

export { COMMENT_MAX_CHARS, EMAIL_CODE_LENGTH, MAX_VIEWS_LIMIT, PASSCODE_MAX_LENGTH, PASSCODE_MIN_LENGTH };

const email = (message: string) =>
  z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, message), z.maxLength(254, message), z.email(message));

// POST /api/shares' rules: lib/domain/validation/share-link.ts (full zod; creator screens and handlers only).

/** The recipient form (SPEC §2 Recipient information); accessToken comes from the path or ?accessToken=. */
export const recipientFormSchema = z.object({
  name: z
    .string()
    .check(safe, z.trim(), singleLine("Name"), z.minLength(3, MESSAGES.recipientName), z.maxLength(100, "Name must be at most 100 characters"), printableOnAgreement("name")),
  email: email(MESSAGES.email),
  phone: z.optional(
    z.nullable(z.string().check(z.trim(), singleLine("Phone number"), z.maxLength(30, MESSAGES.phone), z.regex(/^[0-9+().\-\s]*$/, MESSAGES.phone))),
  ),
});
export type RecipientFormInput = z.input<typeof recipientFormSchema>;

export const createRecipientSchema = z.extend(recipientFormSchema, {
  accessToken: z.string().check(z.minLength(1, "Access link is missing"), z.maxLength(200, "Access link is invalid")),
});
export type CreateRecipientInput = z.infer<typeof createRecipientSchema>;

export const verifyCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, MESSAGES.code)),
});

/**
 * POST /api/share/{token}/passcode: the passcode as typed (exact, not trimmed). No minimum beyond one character: a
 * link keeps the passcode it was given, even one shorter than today's minimum for new ones.
 */
export const passcodeEntrySchema = z.object({
  passcode: z.string(MESSAGES.passcodeEmpty).check(z.minLength(1, MESSAGES.passcodeEmpty), z.maxLength(PASSCODE_MAX_LENGTH, MESSAGES.passcodeTooLong)),
});

/**
 * PUT /api/recipients/{id}/nda. `agreementSha256`: the SHA-256 of the agreement text the screen showed;
 * when it is not the text the server would record now (the owner edited it, the date turned), a 409 asks to read again.
 */
export const ndaSchema = z.object({
  agreed: z.literal(true, MESSAGES.agreed),
  agreementSha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, "agreementSha256 must be a SHA-256 in hex"))),
  /** The full name typed to sign; it must match the identified name (lib/domain/validation/nda-signature.ts). Without it: clicking I Agree. */
  signature: z.optional(z.string("signature must be a string").check(z.maxLength(SIGNATURE_MAX_CHARS, SIGNATURE_MISMATCH))),
});

const commentContent = z.string(MESSAGES.commentEmpty).check(
  z.trim(),
  z.minLength(1, MESSAGES.commentEmpty),
  z.maxLength(COMMENT_MAX_CHARS, MESSAGES.commentTooLong),
  safe,
  // Zero-width and other invisible characters survive trim() but show nothing: such a comment is blank too.
  z.refine((value) => !isBlankText(value), MESSAGES.commentEmpty),
);

export const commentSchema = z.object({
  recipientId: z.optional(z.nullable(z.string().check(z.regex(ID_PATTERN, "Recipient not found")))),
  /** Ignored: the stored author is the recipient's own name. */
  author: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  content: commentContent,
  /** The page (PDF) or section (HTML) the reader was on, 1-based; the server names the unit by the idea's kind. */
  page: z.optional(z.nullable(z.int("Page must be a whole number").check(z.minimum(1, "Page must be 1 or more"), z.maximum(COMMENT_PAGE_MAX, `Page must be at most ${COMMENT_PAGE_MAX}`)))),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** POST /api/comments/{id}/replies: the owner's answer, under the same rules as a comment. */
export const replySchema = z.object({ content: commentContent });
export type ReplyInput = z.infer<typeof replySchema>;
