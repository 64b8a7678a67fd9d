"use client";

import * as React from "react";

import type { Agreement } from "@/lib/nda/agreement";

/** SPEC §9: 'I Agree' unlocks within 5 px of the end of the agreement. */
export const SCROLL_END_TOLERANCE_PX = 5;

/**
 * The scrollable agreement. Reports once that the reader reached its end, or at once when it fits without
 * scrolling (a tall screen), re-checked when its box changes size.
 */
export function AgreementText({ agreement, onReadToEnd }: { agreement: Agreement; onReadToEnd: () => void }) {
  const ref = React.useRef<HTMLDivElement>(null);

  const check = React.useCallback(() => {
    const el = ref.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_END_TOLERANCE_PX) onReadToEnd();
  }, [onReadToEnd]);

  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [check]);

  return (
    <div
      ref={ref}
      onScroll={check}
      // Keyboard users scroll it too.
      tabIndex={0}
      role="region"
      aria-label="Agreement text"
      data-testid="agreement-scroll"
      className="max-h-[55vh] overflow-y-auto rounded-lg border bg-background p-4 text-sm leading-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-h-96 sm:p-6"
    >
      <h2 className="mb-3 text-base font-semibold">{agreement.title}</h2>
      {/* The parties as labelled lines, exactly as hashed (lib/nda/agreement.ts): never inside a clause. */}
      <div className="mb-4 break-words">
        {agreement.parties.map((party) => (
          <p key={party.label}>
            <span className="font-medium">{party.label}:</span> {party.value}
          </p>
        ))}
      </div>
      <p>{agreement.preamble}</p>
      <ol className="my-4 list-decimal space-y-3 pl-5">
        {agreement.terms.map((term, i) => (
          <li key={i}>{term}</li>
        ))}
      </ol>
      <p className="font-medium">{agreement.closing}</p>
    </div>
  );
}
