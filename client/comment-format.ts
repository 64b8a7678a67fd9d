/**
 * How the viewer shows a comment (SPEC §3, §9). Pure and client-safe.
 */

/** Avatar initials: the first letter of each word of the author's name. */
export function initials(author: string): string {
  return author
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join("");
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * SPEC §9: 'just now' under 60 seconds, '1 minute ago' under 120 seconds, then minutes, '1 hour ago', hours and
 * days. A time in the future (a clock ahead of ours) reads 'just now'.
 */
export function relativeTime(at: Date | string | number, now: Date | number = Date.now()): string {
  const elapsed = new Date(now).getTime() - new Date(at).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return "just now";
  if (elapsed < 2 * MINUTE) return "1 minute ago";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} minutes ago`;
  if (elapsed < 2 * HOUR) return "1 hour ago";
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} hours ago`;
  if (elapsed < 2 * DAY) return "1 day ago";
  return `${Math.floor(elapsed / DAY)} days ago`;
}

/** 'Page 3' / 'Section 2': where a comment was written, for the reader and the owner alike. */
export function anchorLabel(anchor: { unit: "page" | "section"; n: number }) {
  return `${anchor.unit === "page" ? "Page" : "Section"} ${anchor.n}`;
}
