"use client";

import * as React from "react";

import { createReadingClock, type PageTime, type ReadingClock } from "@/client/reading-clock";

/** Batches go out this often, and once more when the page is hidden for good. */
export const REPORT_EVERY_MS = 15_000;

const INPUT_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart", "wheel"] as const;

/**
 * Where reading time goes: the link's engagement route, with the idea it is about when the link opens a room, and
 * `onReport` told each batch too (a room's index keeps the recipient's own progress from it).
 */
export type EngagementTarget = { url: string; ideaId?: number; onReport?: (pages: PageTime[]) => void };

/**
 * POST {pages} (and a room item's ideaId) to the engagement route. sendBeacon survives the page going away; a missing
 * API or a refused report must never disturb reading, so every failure is swallowed.
 */
function report(target: EngagementTarget, pages: PageTime[]) {
  if (pages.length === 0) return;
  target.onReport?.(pages);
  const url = target.url;
  const body = JSON.stringify(target.ideaId === undefined ? { pages } : { ideaId: target.ideaId, pages });
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, new Blob([body], { type: "application/json" }))) return;
    void fetch(url, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true, credentials: "same-origin" }).catch(() => {});
  } catch {
    // Reporting is best effort.
  }
}

/**
 * Reading time of the page or section `n` shown in `target`: counted while the tab is visible, the
 * element at least half on screen and the reader active (client/reading-clock.ts), reported to `engagement` every
 * 15 s and on pagehide. `engagement` null (the owner's preview) tracks nothing; keep it the same object while the target stays (a new one restarts the clock).
 */
export function useReadingTime(engagement: EngagementTarget | null, n: number, target: React.RefObject<HTMLElement | null>) {
  const clockRef = React.useRef<ReadingClock | null>(null);
  const shown = React.useRef(false);
  const nRef = React.useRef(n);

  // The page turned (itself an input): the new one is in view exactly when the element was (the element stays,
  // its content changes).
  React.useEffect(() => {
    nRef.current = n;
    const clock = clockRef.current;
    if (!clock) return;
    clock.input(Date.now());
    clock.inView(shown.current ? n : null, Date.now());
  }, [n]);

  React.useEffect(() => {
    const el = target.current;
    if (!engagement || !el) return;
    const clock = createReadingClock(Date.now());
    clockRef.current = clock;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        // Half of it on screen, or (a section taller than two screens) half the screen filled by it.
        const coversScreen = entry.rootBounds !== null && entry.intersectionRect.height >= entry.rootBounds.height / 2;
        shown.current = entry.isIntersecting && (entry.intersectionRatio >= 0.5 || coversScreen);
        clock.inView(shown.current ? nRef.current : null, Date.now());
      },
      { threshold: Array.from({ length: 21 }, (_, i) => i / 20) },
    );
    observer.observe(el);

    clock.visible(document.visibilityState === "visible", Date.now());
    const onVisibility = () => {
      clock.visible(document.visibilityState === "visible", Date.now());
      if (document.visibilityState === "hidden") report(engagement, clock.take(Date.now()));
    };
    const onInput = () => clock.input(Date.now());
    const onPageHide = () => report(engagement, clock.take(Date.now()));
    const timer = window.setInterval(() => report(engagement, clock.take(Date.now())), REPORT_EVERY_MS);

    document.addEventListener("visibilitychange", onVisibility);
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true, capture: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener("pagehide", onPageHide);
      report(engagement, clock.take(Date.now()));
      clockRef.current = null;
    };
  }, [engagement, target]);
}
