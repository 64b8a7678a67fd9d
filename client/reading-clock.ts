/**
 * Reading-time accounting of the reader, pure: the caller feeds it events with their time and takes
 * the totals to send. Time counts for the page (PDF) or section (HTML) `n` that is at least half on screen, only
 * while the tab is visible, and only until IDLE_MS after the last input (pointer, key, scroll, touch): someone who
 * left the phone on the table stops counting a minute later.
 */
export const IDLE_MS = 60_000;

export type PageTime = { n: number; ms: number };

export type ReadingClock = {
  /** The page or section at least half on screen, or null when none is. */
  inView(n: number | null, now: number): void;
  visible(visible: boolean, now: number): void;
  input(now: number): void;
  /** The time counted since the last take, per page (whole milliseconds, pages with time only); resets it. */
  take(now: number): PageTime[];
};

export function createReadingClock(start: number, idleMs = IDLE_MS): ReadingClock {
  let current: number | null = null;
  let isVisible = true;
  let lastInput = start;
  let since = start;
  const totals = new Map<number, number>();

  // Adds the time from `since` to `now` to the page in view, if it counts; every event settles first.
  const settle = (now: number) => {
    if (current !== null && isVisible) {
      const end = Math.min(now, lastInput + idleMs);
      if (end > since) totals.set(current, (totals.get(current) ?? 0) + (end - since));
    }
    since = Math.max(since, now);
  };

  return {
    inView(n, now) {
      settle(now);
      current = n;
    },
    visible(v, now) {
      settle(now);
      isVisible = v;
    },
    input(now) {
      settle(now);
      lastInput = Math.max(lastInput, now);
    },
    take(now) {
      settle(now);
      const pages = [...totals]
        .map(([n, ms]) => ({ n, ms: Math.round(ms) }))
        .filter((p) => p.ms > 0)
        .sort((a, b) => a.n - b.n);
      totals.clear();
      return pages;
    },
  };
}
