import type { z } from "zod";
import { ApiError } from "@/client/request";
import type { CreateShareRequest } from "@/lib/domain/validation/share-link";
import type { ShareTypeValue } from "@/lib/domain/validation/share-types";
import type { Share } from "@/client/types";
import { listInWords } from "@/lib/platform/format/list-in-words";

/**
 * The share form's values, fields and mapping to a request, without any zod (type imports only): the share screen and
 * /profile import these at first paint. The rules themselves (the handler's schema) are in ./share-form-model.ts, which
 * the forms load on demand (client/light-form.ts).
 */

/** What the 'Create New Share Link' form holds: the inputs' raw strings. */
export type ShareFormValues = {
  shareType: ShareTypeValue;
  /** datetime-local value, local time ("2026-11-23T14:30"). */
  expiresAt: string;
  maxViews: string;
  recipientEmail: string;
  /** The owner's note in an e-mail link's invitation; empty = none. */
  note: string;
  /** Link options, both off by default. */
  allowDownload: boolean;
  screenShield: boolean;
  /** Empty = no passcode. */
  passcode: string;
  /** The owner's name for the link; empty = none. */
  name: string;
  /** Comma- or space-separated lists as typed; empty = none. */
  allowedEmails: string;
  allowedDomains: string;
  blockedDomains: string;
  /** An agreement id, STANDARD_AGREEMENT, or "" (not chosen yet: the account's default applies). */
  agreementId: string;
  /** On by default; off: 'No NDA'. */
  requireNda: boolean;
  /** Keep the link on the version published now; off: it follows the latest version. */
  pinVersion: boolean;
  /** Every recipient proves their address with the e-mailed code (an e-mail link always does). */
  requireVerifiedEmail: boolean;
};

/** The agreement select's value for the standard agreement (sent as null). */
export const STANDARD_AGREEMENT = "standard";

/** The fields that can carry a message (the switches cannot be wrong). */
export const SHARE_FIELDS = ["name", "passcode", "agreementId", "shareType", "expiresAt", "maxViews", "recipientEmail", "note", "allowedEmails", "allowedDomains", "blockedDomains"] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];
export type ShareFormErrors = Partial<Record<ShareField, string>>;

/**
 * New links start time-limited (an account may choose another type in 'Sharing defaults'); the expiry is prefilled
 * from the account's days when the form mounts (startingShareForm), never here: a module constant cannot know "now".
 */
export const EMPTY_SHARE_FORM: ShareFormValues = { shareType: "time-dependent", expiresAt: "", maxViews: "", recipientEmail: "", note: "", allowDownload: false, screenShield: false, passcode: "", name: "", allowedEmails: "", allowedDomains: "", blockedDomains: "", agreementId: "", requireNda: true, pinVersion: false, requireVerifiedEmail: false };

/** 'Expires after (days)' for an account that never chose (the server's default too). */
export const DEFAULT_EXPIRY_DAYS = 30;

/** `days` from `now` as a datetime-local value (local time, to the minute). */
export function localDateTimeAfterDays(days: number, now = new Date()): string {
  const at = new Date(now.getTime() + days * 86_400_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** What the account's 'Sharing defaults' give a new link's form (the subset it reads). */
export type ShareFormDefaults = { shareType: ShareTypeValue; expiryDays: number; allowDownload: boolean; screenShield: boolean };

/**
 * The form's first values: the account's defaults once loaded, else the product's (time-limited, 30 days). The expiry
 * is prefilled whatever the type, so switching to 'Time-dependent' finds it there.
 */
export function startingShareForm(d: ShareFormDefaults | undefined, now = new Date()): ShareFormValues {
  const start = { ...EMPTY_SHARE_FORM, expiresAt: localDateTimeAfterDays(d?.expiryDays ?? DEFAULT_EXPIRY_DAYS, now) };
  return d ? { ...start, shareType: d.shareType, allowDownload: d.allowDownload, screenShield: d.screenShield } : start;
}

/** A list as people type it: separated by commas, semicolons or white space. */
export function splitList(value: string): string[] {
  return value.split(/[\s,;]+/).filter(Boolean);
}

/** The addresses of 'Recipient Email' as typed (commas, spaces, new lines), each once whatever its case, in order. */
export function splitAddresses(value: string): string[] {
  const seen = new Set<string>();
  return splitList(value).filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The typed addresses without one of them (its chip's remove button). */
export function withoutAddress(value: string, address: string): string {
  return splitAddresses(value).filter((a) => a.toLowerCase() !== address.toLowerCase()).join(", ");
}

/**
 * The request's address fields: one address as `recipientEmail` (the request it always was), several as
 * `recipientEmails`, each then checked and named on its own by the rules.
 */
export function addressFields(value: string): { recipientEmail: string } | { recipientEmails: string[] } {
  const addresses = splitAddresses(value);
  return addresses.length > 1 ? { recipientEmails: addresses } : { recipientEmail: addresses[0] ?? value };
}

/** 'a@x', 'a@x and b@y', 'a@x, b@y and c@z', 'a@x, b@y and 2 more': a link's addresses in a line. */
export const addressesInWords = (addresses: readonly string[]) => listInWords(addresses);

/** The link option switches, with the hint under each. */
export const LINK_OPTIONS: { field: "allowDownload" | "screenShield" | "pinVersion" | "requireVerifiedEmail"; label: string; hint: string }[] = [
  { field: "allowDownload", label: "Allow download", hint: "Recipients may download the PDF, marked with their name and e-mail. Off: they read page images only." },
  { field: "screenShield", label: "Screen shield", hint: "Blurs the document when the window loses focus, blocks printing and saving images." },
  {
    field: "pinVersion",
    label: "Stay on this version",
    hint: "Recipients keep reading the version published now, even after you publish a new one. Off: they read the latest version.",
  },
  {
    field: "requireVerifiedEmail",
    label: "Require a verified e-mail",
    hint: "Recipients prove their address with a 6-digit code e-mailed to them before they read.",
  },
];

/** The switches a link of `shareType` offers: an e-mail link always proves the address, so it has no such switch. */
export function linkOptionsFor(shareType: ShareTypeValue, version: number | null) {
  return LINK_OPTIONS.filter((o) => (o.field !== "pinVersion" || version !== null) && (o.field !== "requireVerifiedEmail" || shareType !== "email"));
}

/** The radio choices, in the order and words of SPEC §2. */
export const SHARE_TYPE_CHOICES: { value: ShareTypeValue; label: string }[] = [
  { value: "one-time", label: "One-time view" },
  { value: "time-dependent", label: "Time-dependent (expires after a period)" },
  { value: "full-access", label: "Full access (unlimited views)" },
  { value: "email", label: "Share by Email (Full Access)" },
];

/** Which optional fields a share type shows (and sends); SPEC §2 and §5. */
export function shareFieldsFor(shareType: ShareTypeValue) {
  return {
    expiresAt: shareType === "time-dependent",
    maxViews: shareType === "one-time" || shareType === "time-dependent",
    recipientEmail: shareType === "email",
    note: shareType === "email",
  };
}

/** datetime-local is local time: sent as an instant; anything Date cannot read goes as typed, for the rules to refuse. */
function localToIso(value: string) {
  if (!value.trim()) return null;
  const when = new Date(value);
  return Number.isNaN(when.getTime()) ? value : when.toISOString();
}

/** What a link opens: one idea, or a room of ideas (POST /api/shares takes exactly one of the two ids). */
export type ShareTarget = { ideaId: number } | { roomId: string };

/**
 * The POST /api/shares body for the form's inputs, before any check. SPEC §5's null rules: a field that does not
 * apply to the type is sent as null.
 */
export function shareRequestBody(values: ShareFormValues, target: ShareTarget): CreateShareRequest {
  const shown = shareFieldsFor(values.shareType);
  return {
    ...target,
    shareType: values.shareType,
    expiresAt: shown.expiresAt ? localToIso(values.expiresAt) : null,
    maxViews: shown.maxViews ? values.maxViews : null,
    ...(shown.recipientEmail ? addressFields(values.recipientEmail) : { recipientEmail: null }),
    // The invitation's note, sent only when written for an e-mail link.
    ...(shown.note && values.note.trim() !== "" ? { note: values.note } : {}),
    allowDownload: values.allowDownload,
    screenShield: values.screenShield,
    // Sent only when given: a link without them is what it always was.
    ...(values.passcode !== "" ? { passcode: values.passcode } : {}),
    ...(values.name.trim() !== "" ? { name: values.name } : {}),
    ...(splitList(values.allowedEmails).length ? { allowedEmails: splitList(values.allowedEmails) } : {}),
    ...(splitList(values.allowedDomains).length ? { allowedDomains: splitList(values.allowedDomains) } : {}),
    ...(splitList(values.blockedDomains).length ? { blockedDomains: splitList(values.blockedDomains) } : {}),
    // The agreement chosen (none chosen yet: the server applies the account's default), and 'No NDA'.
    ...(values.agreementId !== "" ? { agreementId: values.agreementId === STANDARD_AGREEMENT ? null : values.agreementId } : {}),
    ...(values.requireNda === false ? { requireNda: false } : {}),
    // Sent only when chosen (absent: the link follows the latest version).
    ...(values.pinVersion ? { pinVersion: true } : {}),
    // Sent only when chosen, and not for an e-mail link (whose address is always proven).
    ...(values.requireVerifiedEmail && values.shareType !== "email" ? { requireVerifiedEmail: true } : {}),
  } as CreateShareRequest;
}

/** Several addresses are sent as `recipientEmails`: their messages belong to the one 'Recipient Email' field. */
function fieldOfPath(head: PropertyKey | undefined) {
  return head === "recipientEmails" ? "recipientEmail" : head;
}

/** Each issue on the field its path names (the first message per field); paths outside the form go to `fallback`. */
export function errorsByPath<F extends string = ShareField>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[] = SHARE_FIELDS as unknown as readonly F[],
  fallback: F = "shareType" as F,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const head = fieldOfPath(issue.path[0]);
    const field = fields.find((f) => f === head) ?? fallback;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The fields a refused request names: a 400 carries the schema's `issues` (lib/platform/http/errors.ts), each on its path.
 * Anything else (a rate limit, a 404) names no field: null, and the form shows the message above its button.
 */
export function serverFieldErrors<F extends string = ShareField>(err: unknown, fields: readonly F[] = SHARE_FIELDS as unknown as readonly F[]): Partial<Record<F, string>> | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  try {
    const body: unknown = JSON.parse(err.body);
    const issues = body && typeof body === "object" && "issues" in body && Array.isArray(body.issues) ? (body.issues as z.core.$ZodIssue[]) : [];
    const named = issues.filter((i) => Array.isArray(i.path) && typeof i.message === "string" && fields.some((f) => f === fieldOfPath(i.path[0])));
    return named.length ? errorsByPath(named, fields, fields[0]) : null;
  } catch {
    return null;
  }
}

/** Which agreement a link shows: 'Standard agreement', '<title> v<n>', or 'No NDA'. */
/** 'Stays on v2' for a link pinned to a version; null for one that follows the latest. */
export function pinnedVersionLabel(share: Pick<Share, "pinnedVersion">): string | null {
  return share.pinnedVersion ? `Stays on v${share.pinnedVersion}` : null;
}

export function agreementLabel(share: Pick<Share, "requireNda" | "agreement">): string {
  if (share.requireNda === false) return "No NDA";
  return share.agreement ? `${share.agreement.title} v${share.agreement.version}` : "Standard agreement";
}

/** The share link recipients open (SPEC §2: {origin}/view/{accessLink}). */
export function shareUrl(accessLink: string, origin: string = window.location.origin): string {
  return `${origin}/view/${encodeURIComponent(accessLink)}`;
}
