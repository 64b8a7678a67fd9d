"use client";

import * as React from "react";

import { ReaderNav, useArrowKeys, usePager, useSwipe } from "@/components/recipient/reader-controls";
import { useReadingTime, type EngagementTarget } from "@/components/recipient/use-reading-time";
import { useReportReaderPosition } from "@/components/recipient/reader-position";

/**
 * HTML ideas one section at a time (one per top-level heading, lib/domain/ideas/sections.ts, the rule the server counts reading time by), canvas ideas as one
 * section, with the page reader's progress, buttons, keys and swipe.
 */
export function SectionReader({ count, engagement, children }: { count: number; engagement: EngagementTarget | null; children: (n: number) => React.ReactNode }) {
  const { n, prev, next } = usePager(count);
  const stage = React.useRef<HTMLDivElement>(null);
  useArrowKeys(prev, next);
  const swipe = useSwipe(prev, next, true);
  useReadingTime(engagement, n, stage);
  useReportReaderPosition("section", n, count);

  React.useEffect(() => {
    // The new section starts at its top when the reader had scrolled past it.
    const el = stage.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: "start" });
  }, [n]);

  return (
    <section aria-label="Document sections" className="grid min-w-0 gap-3">
      <ReaderNav unit="section" n={n} count={count} onPrev={prev} onNext={next} />
      <div ref={stage} data-slot="reader-section" className="min-w-0 touch-pan-y touch-pinch-zoom" {...swipe}>
        {children(n)}
      </div>
    </section>
  );
}
