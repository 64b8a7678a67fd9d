"use client";

import * as React from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";

import { Button } from "@/components/ui/button";

/** One page or section at a time, 1-based; `count` 0 while unknown. */
export function usePager(count: number) {
  const [n, setN] = React.useState(1);
  const go = React.useCallback((to: number) => setN(Math.min(Math.max(1, to), Math.max(1, count))), [count]);
  return { n: Math.min(n, Math.max(1, count)), go, prev: () => go(n - 1), next: () => go(n + 1) };
}

function isEditable(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** ← / → turn pages, except while typing or inside a dialog (the comments sheet). */
export function useArrowKeys(prev: () => void, next: () => void) {
  const latest = React.useRef({ prev, next });
  React.useEffect(() => {
    latest.current = { prev, next };
  });
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isEditable(e.target)) return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"],[role="alertdialog"]')) return;
      if (e.key === "ArrowLeft") latest.current.prev();
      else if (e.key === "ArrowRight") latest.current.next();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

const SWIPE_PX = 50;

/** A horizontal swipe turns the page (left: next); vertical ones scroll as usual. Off while zoomed (it pans then). */
export function useSwipe(prev: () => void, next: () => void, enabled: boolean) {
  const start = React.useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: React.TouchEvent) => {
      const t = e.touches[0];
      start.current = enabled && e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const from = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (!from || !t) return;
      const dx = t.clientX - from.x;
      const dy = t.clientY - from.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
      if (dx < 0) next();
      else prev();
    },
  };
}

/** 'Page 2 of 6' between 'Previous page' and 'Next page' (or the same for sections), announced as it changes. */
export function ReaderNav({ unit, n, count, onPrev, onNext, children }: { unit: "page" | "section"; n: number; count: number; onPrev: () => void; onNext: () => void; children?: React.ReactNode }) {
  const Unit = unit === "page" ? "Page" : "Section";
  return (
    <nav aria-label={`${Unit}s`} className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="icon" className="size-11 sm:size-9" aria-label={`Previous ${unit}`} disabled={n <= 1} onClick={onPrev}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="min-w-24 text-center text-sm font-medium tabular-nums" data-testid="reader-progress">
          {Unit} {n} of {count}
        </p>
        <Button type="button" variant="outline" size="icon" className="size-11 sm:size-9" aria-label={`Next ${unit}`} disabled={n >= count} onClick={onNext}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {children}
    </nav>
  );
}
