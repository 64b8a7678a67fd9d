"use client";

import * as React from "react";

import { createReadingClock, type PageTime, type ReadingClock } from "@/client/reading-clock";

/** Batches go out this often, and once more when the page is hidden for good. */
export const REPORT_EVERY_MS = 15_000;

const INPUT_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart", "wheel"] as const;

/**
 * POST {pages} to the engagement route. sendBeacon survives the page going away; a missing API or a refused report
 * must never disturb reading, so every failure is swallowed.
 */
function report(url: string, pages: PageTime[]) {
  if (pages.length === 0) return;
  const body = JSON.stringify({ pages });
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, new Blob([body], { type: "application/json" }))) return;
    void fetch(url, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true, credentials: "same-origin" }).catch(() => {});
  } catch {
    // Reporting is best effort.
  }
}

/**
 * Reading time of the page or section `n` shown in `target`: counted while the tab is visible, the
 * element at least half on screen and the reader active (client/reading-clock.ts), reported to `url` every
 * 15 s and on pagehide. `url` null (the owner's preview) tracks nothing.
 */
export function useReadingTime(url: string | null, n: number, target: React.RefObject<HTMLElement | null>) {
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
    if (!url || !el) return;
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
      if (document.visibilityState === "hidden") report(url, clock.take(Date.now()));
    };
    const onInput = () => clock.input(Date.now());
    const onPageHide = () => report(url, clock.take(Date.now()));
    const timer = window.setInterval(() => report(url, clock.take(Date.now())), REPORT_EVERY_MS);

    document.addEventListener("visibilitychange", onVisibility);
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true, capture: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener("pagehide", onPageHide);
      report(url, clock.take(Date.now()));
      clockRef.current = null;
    };
  }, [url, target]);
}
