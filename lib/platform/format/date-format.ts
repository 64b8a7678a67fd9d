/**
 * The one way the creator's screens write a moment (one date format): the viewer's local date and time
 * to the second (evidence is read to the second), and the exact UTC instant for a tooltip. Pure and client-safe.
 */

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '25 Nov 2026, 15:40:12' (in the viewer's locale and time zone); '' for a missing or unreadable value. */
export function localDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }) : "";
}

/** The local calendar day alone, for lists that show days (dashboard cards). */
export function localDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleDateString() : "";
}

/** '2026-11-25 15:40:12 UTC': the same instant, unambiguous, for the tooltip. */
export function utcDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${date.toISOString().slice(0, 19).replace("T", " ")} UTC` : "";
}

/** '2026-11-25': the UTC day, what a server render shows before the browser's own day replaces it. */
export function utcDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? date.toISOString().slice(0, 10) : "";
}

/** The machine-readable instant for <time dateTime>. */
export function isoDateTime(value: string | Date | null | undefined): string | undefined {
  return parse(value)?.toISOString();
}
