import {
  createShareSchema, MAX_VIEWS_LIMIT, MESSAGES, recipientEmailSchema, type CreateShareInput, type ShareTypeValue,
} from "@/lib/validation/sharing";

/** What the 'Create New Share Link' form holds: the inputs' raw strings. */
export type ShareFormValues = {
  shareType: ShareTypeValue;
  /** datetime-local value, local time ("2026-11-23T14:30"). */
  expiresAt: string;
  maxViews: string;
  recipientEmail: string;
  /** Link options (issue 16 §4), both off by default. */
  allowDownload: boolean;
  screenShield: boolean;
};

export type ShareField = "shareType" | "expiresAt" | "maxViews" | "recipientEmail";
export type ShareFormErrors = Partial<Record<ShareField, string>>;

export const EMPTY_SHARE_FORM: ShareFormValues = { shareType: "one-time", expiresAt: "", maxViews: "", recipientEmail: "", allowDownload: false, screenShield: false };

/** The link option switches, with the hint under each. */
export const LINK_OPTIONS: { field: "allowDownload" | "screenShield"; label: string; hint: string }[] = [
  { field: "allowDownload", label: "Allow download", hint: "Recipients may download the PDF, marked with their name and e-mail. Off: they read page images only." },
  { field: "screenShield", label: "Screen shield", hint: "Blurs the document when the window loses focus, blocks printing and saving images." },
];

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
  };
}

/**
 * The POST /api/shares body for the form, or the messages to show next to its fields. SPEC §5's null rules: a field
 * that does not apply to the type is sent as null. The server checks the same rules with the same messages and limits
 * (lib/shares createShareLink), and its word is final.
 */
export function toCreateShareRequest(
  values: ShareFormValues,
  ideaId: number,
  now: Date = new Date(),
): { ok: true; body: CreateShareInput } | { ok: false; errors: ShareFormErrors } {
  const shown = shareFieldsFor(values.shareType);
  const errors: ShareFormErrors = {};

  let expiresAt: string | null = null;
  if (shown.expiresAt) {
    const when = values.expiresAt ? new Date(values.expiresAt) : null; // datetime-local parses as local time
    if (!when || Number.isNaN(when.getTime()) || when.getTime() <= now.getTime()) errors.expiresAt = MESSAGES.expiresAt;
    else expiresAt = when.toISOString();
  }

  let maxViews: number | null = null;
  if (shown.maxViews && values.maxViews.trim() !== "") {
    const raw = values.maxViews.trim();
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > MAX_VIEWS_LIMIT) errors.maxViews = MESSAGES.maxViews;
    else maxViews = n;
  }

  let recipientEmail: string | null = null;
  if (shown.recipientEmail) {
    const parsed = recipientEmailSchema.safeParse(values.recipientEmail);
    if (!parsed.success) errors.recipientEmail = MESSAGES.recipientEmail;
    else recipientEmail = parsed.data;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body = createShareSchema.safeParse({
    ideaId,
    shareType: values.shareType,
    expiresAt,
    maxViews,
    recipientEmail,
    allowDownload: values.allowDownload,
    screenShield: values.screenShield,
  });
  if (!body.success) return { ok: false, errors: { shareType: body.error.issues[0]?.message ?? MESSAGES.shareType } };
  return { ok: true, body: body.data };
}

/** The form field a server validation message belongs to (the messages are shared), else null. */
export function fieldForServerMessage(message: string): ShareField | null {
  if (message === MESSAGES.expiresAt) return "expiresAt";
  if (message === MESSAGES.maxViews) return "maxViews";
  if (message === MESSAGES.recipientEmail || message === MESSAGES.email) return "recipientEmail";
  if (message === MESSAGES.shareType) return "shareType";
  return null;
}

/** The share link recipients open (SPEC §2: {origin}/view/{accessLink}). */
export function shareUrl(accessLink: string, origin: string = window.location.origin): string {
  return `${origin}/view/${encodeURIComponent(accessLink)}`;
}
