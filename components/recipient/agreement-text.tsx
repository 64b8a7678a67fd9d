"use client";

import * as React from "react";

import type { Agreement } from "@/lib/domain/validation/agreement-text";
import type {
  OwnAgreementDocument,
  Segment,
} from "@/lib/domain/validation/own-agreement";
import type { ShownAgreementDocument } from "@/lib/domain/agreements/shown";

/** SPEC §9: 'I Agree' unlocks within 5 px of the end of the agreement. */
export const SCROLL_END_TOLERANCE_PX = 5;

/** How far through the box the reader has scrolled, 0–100 (100 when all of it fits). */
function percentRead(el: HTMLElement) {
  const scrollable = el.scrollHeight - el.clientHeight;
  if (scrollable <= SCROLL_END_TOLERANCE_PX) return 100;
  return Math.min(100, Math.round((el.scrollTop / scrollable) * 100));
}

/**
 * The scrollable agreement, with how far the reader got (a progress bar and a line saying what unlocks 'I Agree'):
 * touch, wheel and keyboard all scroll it. Reports once that the reader reached its end, or at once when it fits
 * without scrolling (a tall screen), re-checked when its box changes size.
 */
export function AgreementText({
  shown,
  onReadToEnd,
}: {
  shown: ShownAgreementDocument;
  onReadToEnd: () => void;
}) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [progress, setProgress] = React.useState(0);
  const [atEnd, setAtEnd] = React.useState(false);

  const check = React.useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight <=
      SCROLL_END_TOLERANCE_PX
    ) {
      setAtEnd(true);
      onReadToEnd();
    }
    // Reaching the end once is what counts: scrolling back up does not take the progress back.
    setProgress((before) => Math.max(before, percentRead(el)));
  }, [onReadToEnd]);

  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [check]);

  const read = atEnd ? 100 : progress;

  return (
    <div className="grid gap-2">
      <div
        ref={ref}
        onScroll={check}
        // Keyboard users scroll it too.
        tabIndex={0}
        role="region"
        aria-label="Agreement text"
        data-testid="agreement-scroll"
        className="max-h-[55vh] touch-pan-y overflow-y-auto overscroll-contain rounded-lg border bg-background p-4 text-sm leading-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-h-96 sm:p-6"
      >
        {shown.kind === "standard" ? (
          <StandardAgreement agreement={shown.agreement} />
        ) : (
          <OwnAgreement agreement={shown.agreement} />
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Agreement read"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={read}
        aria-valuetext={`${read}% read`}
        data-testid="agreement-progress"
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${read}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {atEnd
          ? "You have reached the end of the agreement."
          : "Scroll to the end of the agreement to agree"}
      </p>
    </div>
  );
}

function Parties({ parties }: { parties: Agreement["parties"] }) {
  return (
    // The parties as labelled lines, exactly as hashed (lib/domain/validation/agreement-text.ts): never inside a clause.
    <div className="mb-4 break-words">
      {parties.map((party) => (
        <p key={party.label}>
          <span className="font-medium">{party.label}:</span> {party.value}
        </p>
      ))}
    </div>
  );
}

function StandardAgreement({ agreement }: { agreement: Agreement }) {
  return (
    <>
      <h2 className="mb-3 text-base font-semibold">{agreement.title}</h2>
      <Parties parties={agreement.parties} />
      <p>{agreement.preamble}</p>
      <ol className="my-4 list-decimal space-y-3 pl-5">
        {agreement.terms.map((term, i) => (
          <li key={i}>{term}</li>
        ))}
      </ol>
      <p className="font-medium">{agreement.closing}</p>
    </>
  );
}

/**
 * A filled-in value, shown plainly ("Grace Hopper"), its label on hover. The labelled form the text is hashed in
 * ("[Recipient name: Grace Hopper]") stays in the download, the evidence record and the certificate.
 */
function SegmentView({ segment }: { segment: Segment }) {
  if (typeof segment === "string") return <>{segment}</>;
  return (
    <span
      data-slot="filled-value"
      title={segment.label}
      className="font-medium"
    >
      {segment.value}
    </span>
  );
}

/**
 * The owner's own agreement, as text only: React escapes every run, nothing of it is ever HTML. Numbered
 * terms keep the owner's own numbers.
 */
function OwnAgreement({ agreement }: { agreement: OwnAgreementDocument }) {
  return (
    <>
      <h2 className="text-base font-semibold break-words">{agreement.title}</h2>
      <p className="mb-3 text-xs text-muted-foreground">
        Version {agreement.version}
      </p>
      <Parties parties={agreement.parties} />
      <div className="space-y-3 break-words">
        {agreement.blocks.map((block, b) => (
          <p
            key={b}
            data-slot={block.term ? "agreement-term" : "agreement-paragraph"}
            className={block.term ? "pl-5 -indent-5" : undefined}
          >
            {block.lines.map((line, l) => (
              <React.Fragment key={l}>
                {l > 0 ? <br /> : null}
                {line.map((segment, i) => (
                  <SegmentView key={i} segment={segment} />
                ))}
              </React.Fragment>
            ))}
          </p>
        ))}
      </div>
    </>
  );
}
