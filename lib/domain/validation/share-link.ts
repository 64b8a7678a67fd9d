import { z } from "zod";
import { ID_PATTERN } from "@/lib/domain/validation/ids";
import { MAX_VIEWS_LIMIT, MESSAGES, PASSCODE_MAX_LENGTH, PASSCODE_MIN_LENGTH } from "@/lib/domain/validation/sharing";
import { singleLine } from "@/lib/domain/validation/single-line";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "@/lib/domain/validation/text";
import { SHARE_TYPES } from "@/lib/domain/validation/share-types";
import { agreementIdField } from "@/lib/domain/validation/agreements";
import { SHARE_NAME_MAX, SHARE_NAME_MESSAGE, SHARE_NOTE_MAX, SHARE_NOTE_MESSAGE } from "@/lib/domain/validation/share-link-limits";

export { SHARE_NAME_MAX, SHARE_NAME_MESSAGE, SHARE_NOTE_MAX, SHARE_NOTE_MESSAGE };

export const ONE_SUBJECT_MESSAGE = "Give either ideaId or roomId";
const ROOM_ID_MESSAGE = "Room not found";

/**
 * THE rules of a share link, once: `POST /api/shares` parses its body with `createShareSchema`,
 * lib/domain/shares parses the same input again (other callers reach it without the handler), and the share form validates
 * through it (components/share/share-form-model.ts, loaded on demand by the form), mapping every issue to a field by
 * `issues[].path` — the form and the server cannot disagree, nor can a message be attached to the wrong field.
 *
 * Full zod, not zod/mini: only handlers load this module up front; the creator's forms load it on demand (their first
 * load takes its numbers from ./share-link-limits), and the recipient screens never do.
 *
 * The output stays JSON (an ISO string, a number, null), so a parsed body is itself a valid input: parsing twice
 * gives the same result, and the form sends exactly what it validated.
 */

/** The last instant of year 9999: JavaScript dates reach year 275760, but the database cannot store them. */
export const MAX_EXPIRES_AT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An instant in the future the database can store; any string Date parses (the form sends toISOString()). */
const expiresAt = z
  .string(MESSAGES.expiresAt)
  .max(40, MESSAGES.expiresAt)
  .superRefine((raw, ctx) => {
    const value = raw.trim() ? new Date(raw) : null;
    if (!value || Number.isNaN(value.getTime()) || value.getTime() <= Date.now()) ctx.addIssue({ code: "custom", message: MESSAGES.expiresAt });
    else if (value.getTime() > MAX_EXPIRES_AT) ctx.addIssue({ code: "custom", message: MESSAGES.expiresAtTooFar });
  });

/** A whole number 1..MAX_VIEWS_LIMIT, as a number or digits; empty or absent: null (unlimited). */
const maxViews = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return null;
    if (typeof v !== "string") return v;
    const t = v.trim();
    if (t === "") return null;
    return /^\d{1,12}$/.test(t) ? Number(t) : Number.NaN;
  },
  z.number(MESSAGES.maxViews).int(MESSAGES.maxViews).min(1, MESSAGES.maxViews).max(MAX_VIEWS_LIMIT, MESSAGES.maxViews).nullable(),
);

/** The invited address: trimmed, lower case. */
export const recipientEmail = z.string(MESSAGES.recipientEmail).trim().toLowerCase().max(254, MESSAGES.recipientEmail).pipe(z.email(MESSAGES.recipientEmail));

/** An e-mail link goes to at most this many addresses, each invited on its own. */
export const RECIPIENT_EMAILS_MAX = 50;
export const RECIPIENT_EMAILS_MAX_MESSAGE = `Enter at most ${RECIPIENT_EMAILS_MAX} addresses`;
/** SPEC's message, naming the address at fault: among several, the owner must see which one. */
export const invalidRecipientEmail = (address: string) => `${MESSAGES.recipientEmail}: ${address}`;

const anEmail = z.email();
/** One of several invited addresses: trimmed, lower case, refused with its own text. */
const listedRecipientEmail = z
  .string(MESSAGES.recipientEmail)
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    if (v.length > 254 || !anEmail.safeParse(v).success) ctx.addIssue({ code: "custom", message: invalidRecipientEmail(v.slice(0, 254)) });
  });

/** An e-mail link's addresses: 1..RECIPIENT_EMAILS_MAX, duplicates dropped, the owner's order kept. */
export const recipientEmailList = z
  .array(listedRecipientEmail, MESSAGES.recipientEmail)
  .min(1, MESSAGES.recipientEmail)
  .max(RECIPIENT_EMAILS_MAX, RECIPIENT_EMAILS_MAX_MESSAGE)
  .transform((list) => [...new Set(list)]);

/** SPEC §5: a field that does not apply to the chosen type is sent as null and ignored (stored null). Bounded all the same. */
const ignored = z
  .union([z.string().max(254), z.number(), z.null()])
  .optional()
  .transform(() => null);

/** A new passcode (creating or changing a link); one already stored is never checked against these again. */
export const passcode = z.string(MESSAGES.passcode).min(PASSCODE_MIN_LENGTH, MESSAGES.passcode).max(PASSCODE_MAX_LENGTH, MESSAGES.passcodeTooLong);


/** The owner's name for a link: one line, trimmed; empty is no name (null). */
export const shareName = z
  .string(SHARE_NAME_MESSAGE)
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
  .trim()
  .max(SHARE_NAME_MAX, SHARE_NAME_MESSAGE)
  .check(singleLine("Name"))
  .transform((v) => v || null);


/**
 * The owner's personal note in an e-mail link's invitation. Several lines allowed, trimmed; empty is no
 * note (null). Only the invitation mail shows it (HTML-escaped there, like every text in a mail).
 */
export const shareNote = z
  .string(SHARE_NOTE_MESSAGE)
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
  .trim()
  .max(SHARE_NOTE_MAX, SHARE_NOTE_MESSAGE)
  .transform((v) => v || null);

export const DOMAIN_MESSAGE = "Enter domains such as sequoia.com";
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** A domain as people type it ("@Sequoia.com "): lower case, without the @. */
export const domainName = z
  .string(DOMAIN_MESSAGE)
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ""))
  .pipe(z.string().regex(DOMAIN_PATTERN, DOMAIN_MESSAGE));

const unique = <T>(list: T[]) => [...new Set(list)];

/** Who may open a link. Lists of at most 100, duplicates dropped. */
export const domainList = z.array(domainName, DOMAIN_MESSAGE).max(100, "At most 100 domains").transform(unique);
export const ALLOWED_EMAILS_MESSAGE = "Enter e-mail addresses such as partner@sequoia.com";
export const emailList = z
  .array(z.string(ALLOWED_EMAILS_MESSAGE).trim().toLowerCase().max(254, ALLOWED_EMAILS_MESSAGE).pipe(z.email(ALLOWED_EMAILS_MESSAGE)), ALLOWED_EMAILS_MESSAGE)
  .max(100, "At most 100 addresses")
  .transform(unique);

/** What every link has, whatever its type. */
const common = {
  /** What the link opens: exactly one of an idea and a room of the owner's. */
  ideaId: z.union([z.number(), z.string()]).optional(),
  roomId: z.string(ROOM_ID_MESSAGE).max(100, ROOM_ID_MESSAGE).regex(ID_PATTERN, ROOM_ID_MESSAGE).optional(),
  /** Recipients may download the idea's PDF (marked); off (default): page images only. */
  allowDownload: z.boolean("allowDownload must be true or false").optional(),
  /** The reader's screen shield (blur when unfocused, no printing, no image saving). */
  screenShield: z.boolean("screenShield must be true or false").optional(),
  /** Asked before identity; stored only as a slow hash. Exact (not trimmed). null or absent: none. */
  passcode: passcode.nullable().optional(),
  /** The owner's name for the link: 'Sequoia, partner meeting'. */
  name: shareName.nullable().optional(),
  /** With either allow list, only these (proven by a code); blocked domains never. */
  allowedEmails: emailList.optional(),
  allowedDomains: domainList.optional(),
  blockedDomains: domainList.optional(),
  /** One of the owner's agreements; null: the standard agreement; absent on creation: the account default. */
  agreementId: agreementIdField.optional(),
  /** Off, recipients identify and read with no agreement step. Default on. */
  requireNda: z.boolean("requireNda must be true or false").optional(),
  /** On, every recipient proves their address with the e-mailed 6-digit code, as on an e-mail link. Default off. */
  requireVerifiedEmail: z.boolean("requireVerifiedEmail must be true or false").optional(),
  /**
   * True keeps the link on the version published when it was created; false (default) shows the latest
   * published version. Stored as the pinned version's number (none while the idea was never published).
   */
  pinVersion: z.boolean("pinVersion must be true or false").optional(),
};

/**
 * Only an e-mail link has an invitation to carry a note: on the others it is ignored (stored null), bounded all the
 * same. Dropped from the output (undefined) rather than null, so bodies of the other types stay what they were.
 */
const ignoredNote = shareNote.nullable().optional().transform(() => undefined);

/** POST /api/shares: one object per share type, told apart by `shareType`. */
export const createShareSchema = z.discriminatedUnion(
  "shareType",
  [
    z.object({ ...common, shareType: z.literal("one-time"), expiresAt: ignored, maxViews: maxViews.optional(), recipientEmail: ignored, note: ignoredNote }),
    z.object({ ...common, shareType: z.literal("time-dependent"), expiresAt, maxViews: maxViews.optional(), recipientEmail: ignored, note: ignoredNote }),
    z.object({ ...common, shareType: z.literal("full-access"), expiresAt: ignored, maxViews: ignored, recipientEmail: ignored, note: ignoredNote }),
    z
      .object({ ...common, shareType: z.literal("email"), expiresAt: ignored, maxViews: ignored, recipientEmail: recipientEmail.nullable().optional(), recipientEmails: recipientEmailList.optional(), note: shareNote.nullable().optional() })
      // Either field names the addresses (`recipientEmail` alone as before, or the list); both together are one list,
      // `recipientEmail` first. The output names the first address as `recipientEmail` and, when there are several,
      // all of them as `recipientEmails` (one address is the request it always was), so parsing it again gives the same.
      .transform((v, ctx) => {
        const all = [...new Set([...(v.recipientEmail ? [v.recipientEmail] : []), ...(v.recipientEmails ?? [])])];
        if (all.length === 0) {
          ctx.addIssue({ code: "custom", path: ["recipientEmail"], message: MESSAGES.recipientEmail });
          return z.NEVER;
        }
        if (all.length > RECIPIENT_EMAILS_MAX) {
          ctx.addIssue({ code: "custom", path: ["recipientEmails"], message: RECIPIENT_EMAILS_MAX_MESSAGE });
          return z.NEVER;
        }
        const { recipientEmails: _given, ...rest } = v;
        return { ...rest, recipientEmail: all[0], ...(all.length > 1 ? { recipientEmails: all } : {}) };
      }),
  ],
  { error: MESSAGES.shareType },
).superRefine((v, ctx) => {
  if ((v.ideaId === undefined) === (v.roomId === undefined)) ctx.addIssue({ code: "custom", path: ["ideaId"], message: ONE_SUBJECT_MESSAGE });
});

/** What a caller sends (the form's body, a test's literal). */
export type CreateShareRequest = z.input<typeof createShareSchema>;
/** What the rules made of it: fields the type does not use are null. */
export type CreateShareInput = z.output<typeof createShareSchema>;


/**
 * PATCH /api/shares/{id}: any of these, nothing else — never the type or the idea (an unknown key is a
 * 400). `null` clears: no name, no expiry, no view limit, no passcode.
 */
export const updateShareSchema = z.strictObject(
  {
    name: shareName.nullable().optional(),
    expiresAt: expiresAt.nullable().optional(),
    maxViews: maxViews.optional(),
    allowDownload: common.allowDownload,
    screenShield: common.screenShield,
    passcode: passcode.nullable().optional(),
    allowedEmails: emailList.optional(),
    allowedDomains: domainList.optional(),
    blockedDomains: domainList.optional(),
    agreementId: common.agreementId,
    requireNda: common.requireNda,
    requireVerifiedEmail: common.requireVerifiedEmail,
    /** An e-mail link's addresses, all of them: added ones are invited, removed ones can no longer open it. */
    recipientEmails: recipientEmailList.optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `These cannot be changed: ${issue.keys.join(", ")}` : undefined) },
);
export type UpdateShareRequest = z.input<typeof updateShareSchema>;
export type UpdateShareInput = z.output<typeof updateShareSchema>;

export const EXPIRY_DAYS_MAX = 365;
export const EXPIRY_DAYS_MESSAGE = `Expires after (days) must be a whole number from 1 to ${EXPIRY_DAYS_MAX}`;

/** PUT /api/profile/sharing-defaults: account-wide blocked domains and what new links start with. */
export const sharingDefaultsSchema = z.strictObject({
  blockedDomains: domainList.optional(),
  allowDownload: z.boolean("allowDownload must be true or false").optional(),
  screenShield: z.boolean("screenShield must be true or false").optional(),
  /** Days until a new time-limited link expires (prefilled on the form). */
  expiryDays: z.number(EXPIRY_DAYS_MESSAGE).int(EXPIRY_DAYS_MESSAGE).min(1, EXPIRY_DAYS_MESSAGE).max(EXPIRY_DAYS_MAX, EXPIRY_DAYS_MESSAGE).optional(),
  /** The type a new link starts with on the share form. */
  shareType: z.enum(SHARE_TYPES, `Default link type must be one of: ${SHARE_TYPES.join(", ")}`).optional(),
});
export type SharingDefaultsInput = z.output<typeof sharingDefaultsSchema>;
