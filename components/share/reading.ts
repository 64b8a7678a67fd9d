import type { ShareRecipient } from "@/client/types";
import type { ReadingUnit } from "@/lib/domain/engagement/unit";

/**
 * What the share screen says about reading time (GET /api/shares/{id}/recipients, each view's `engagement`). Pure and
 * client-safe. A recipient's reading adds up all their views; N is the largest page count their views reported
 * against (a view's N is fixed at its first report); a page counts as read when it has any time at all.
 */

/** A PDF is read in pages, an HTML or canvas idea in sections (the server's rule: lib/domain/engagement/unit.ts). */
export { readingUnitOf, type ReadingUnit } from "@/lib/domain/engagement/unit";

export type RecipientReading = { totalMs: number; pages: { n: number; ms: number }[]; pageCount: number | null; pagesRead: number };

export function recipientReading(recipient: Pick<ShareRecipient, "views">): RecipientReading {
  const byPage = new Map<number, number>();
  let totalMs = 0;
  let pageCount: number | null = null;
  for (const { engagement } of recipient.views) {
    totalMs += engagement.totalMs;
    if (engagement.pageCount !== null) pageCount = Math.max(pageCount ?? 0, engagement.pageCount);
    for (const p of engagement.pages) byPage.set(p.n, (byPage.get(p.n) ?? 0) + p.ms);
  }
  const inDocument = [...byPage].filter(([n]) => pageCount === null || n <= pageCount);
  const pages = inDocument.map(([n, ms]) => ({ n, ms })).sort((a, b) => a.n - b.n);
  return { totalMs, pages, pageCount, pagesRead: pages.filter((p) => p.ms > 0).length };
}

export { formatReadingTime } from "@/lib/platform/format/reading-time";

/** 'pages read: 5 of 6', 'sections read: 3 of 4' (without N: 'pages read: 5'). */
export function pagesReadText(reading: RecipientReading, unit: ReadingUnit): string {
  return `${unit}s read: ${reading.pagesRead}${reading.pageCount !== null ? ` of ${reading.pageCount}` : ""}`;
}

/**
 * Per link: recipients who opened it (a view), read at least half of its pages or sections, read all of them.
 * '3 opened · 2 read half · 1 read all'.
 */
export function linkReadingSummary(recipients: Pick<ShareRecipient, "views">[]) {
  let opened = 0;
  let half = 0;
  let all = 0;
  for (const r of recipients) {
    if (r.views.length === 0) continue;
    opened++;
    const reading = recipientReading(r);
    if (reading.pageCount === null || reading.pagesRead === 0) continue;
    if (reading.pagesRead * 2 >= reading.pageCount) half++;
    if (reading.pagesRead >= reading.pageCount) all++;
  }
  return { opened, half, all, text: `${opened} opened · ${half} read half · ${all} read all` };
}
