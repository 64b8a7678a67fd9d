/**
 * The one way the screens write a moment (one date format): the viewer's local date and time to the second
 * (evidence is read to the second), and the exact UTC instant for a tooltip. Pure and client-safe.
 *
 * Written by hand rather than with Intl or toLocaleString: a browser tab's first Intl call loads the ICU locale
 * data, 50–70 ms of main thread on this machine's Chromium (four times that on Lighthouse's phone), on every
 * screen that shows a date as it hydrates (the reader's 'Published on' among them). The form is en-GB's medium
 * one, '25 Nov 2026, 15:40:12' (with CLDR's 'Sept'): day, month in letters and a 24-hour clock, which no reader
 * takes for another day, whatever their locale. The time zone is still the viewer's own (Date's local getters need
 * no ICU data).
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

const twoDigits = (n: number) => String(n).padStart(2, "0");

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dayOf(date: Date) {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** '25 Nov 2026, 15:40:12' (in the viewer's time zone); '' for a missing or unreadable value. */
export function localDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${dayOf(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}` : "";
}

/** '25 Nov 2026': the local calendar day alone, for lists that show days (versions, rooms, the reader). */
export function localDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? dayOf(date) : "";
}

/**
 * The locale's own short date ('25/11/2026' in en-GB, '11/25/2026' in en-US): the dashboard card's date, which the
 * spec asks for as a short date. The one date written with Intl, on a creator's screen only.
 */
export function localShortDate(value: string | Date | null | undefined): string {
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
