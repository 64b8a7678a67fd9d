"use client";

import * as React from "react";
import { Maximize, Minimize, PanelLeftClose, PanelLeftOpen, ZoomIn, ZoomOut } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ReaderNav, useArrowKeys, usePager, useSwipe } from "@/components/recipient/reader-controls";
import { guardedImageProps } from "@/components/recipient/screen-shield";
import { useMediaQuery } from "@/components/recipient/use-media-query";
import { useReadingTime, type EngagementTarget } from "@/components/recipient/use-reading-time";
import { useReportReaderPosition } from "@/components/recipient/reader-position";
import { useFittedWidth, usePresentation } from "@/components/recipient/use-presentation";
import { ApiError, apiRequest } from "@/client/request";
import { pageImageUrl, pageListUrl, pageSizes, pageSrcSet, THUMBNAIL_WIDTH } from "@/client/page-images";

type PageSize = { n: number; width: number; height: number };
type PageList = { pageCount: number; pages: PageSize[] };

const ZOOMS = [1, 1.5, 2, 3] as const;
/** Pages after the current one fetched ahead, so a turn shows the next page at once. */
const PREFETCH = 2;

export type PageReaderProps = {
  /** /api/share/{token} (a recipient: marked images) or /api/ideas/{id} (the owner's preview). */
  base: string;
  /** Where reading time goes; null tracks nothing. */
  engagement: EngagementTarget | null;
  shield: boolean;
};

/**
 * A PDF idea as page images rendered by the server: no PDF engine and no embedded viewer in the
 * browser, so it reads the same on any phone and the file itself never has to reach the recipient.
 */
export function PageReader(props: PageReaderProps) {
  const [list, setList] = React.useState<PageList | "failed" | null>(null);
  React.useEffect(() => {
    let current = true;
    apiRequest<PageList>("GET", pageListUrl(props.base)).then(
      (l) => current && setList(l),
      (err: unknown) => {
        if (!(err instanceof ApiError) || err.status >= 500) console.error("Loading the page list failed", err);
        if (current) setList("failed");
      },
    );
    return () => {
      current = false;
    };
  }, [props.base]);

  if (list === null) return <Spinner label="Loading pages..." className="w-full py-10" />;
  if (list === "failed" || list.pageCount === 0) {
    return <p className="rounded-lg border bg-background p-4 text-sm text-muted-foreground">This document could not be shown. Reload the page to try again.</p>;
  }
  return <Pages list={list} {...props} />;
}

function Pages({ list, base, engagement, shield }: PageReaderProps & { list: PageList }) {
  const count = list.pageCount;
  const { n, go, prev, next } = usePager(count);
  const [zoomIndex, setZoomIndex] = React.useState(0);
  const zoom = ZOOMS[zoomIndex]!;
  const wide = useMediaQuery("(min-width: 1024px)");
  const stage = React.useRef<HTMLDivElement>(null);
  const frame = React.useRef<HTMLElement>(null);
  const size = list.pages[n - 1] ?? { n, width: 612, height: 792 };
  const { presenting, toggle: togglePresenting } = usePresentation(frame, !shield);
  const [railOpen, setRailOpen] = React.useState(true);
  const rail = wide && railOpen && !presenting;
  // On a wide screen, and while presenting, the page fills the space it has (width or height, whichever binds).
  const fitted = useFittedWidth(stage, size, presenting, wide || presenting);
  const sizes = fitted ? `${Math.round(fitted * zoom)}px` : pageSizes(zoom);

  useArrowKeys(prev, next);
  const swipe = useSwipe(prev, next, zoom === 1);
  useReadingTime(engagement, n, stage);
  useReportReaderPosition("page", n, count);

  // A turned page starts at its top-left corner.
  React.useEffect(() => {
    stage.current?.scrollTo?.({ top: 0, left: 0 });
  }, [n]);

  // The next pages, fetched into the document's image list (reused by the <img> whatever the HTTP cache headers).
  const ahead = React.useRef(new Map<string, HTMLImageElement>());
  React.useEffect(() => {
    const keep = new Map<string, HTMLImageElement>();
    for (let k = n + 1; k <= Math.min(count, n + PREFETCH); k++) {
      const key = `${k}|${sizes}`;
      let img = ahead.current.get(key);
      if (!img) {
        img = new Image();
        img.decoding = "async";
        img.sizes = sizes;
        img.srcset = pageSrcSet(base, k);
        img.src = pageImageUrl(base, k, 800);
      }
      keep.set(key, img);
    }
    ahead.current = keep;
  }, [base, count, n, sizes]);

  const zoomLabel = `${Math.round(zoom * 100)}%`;

  return (
    <section
      ref={frame}
      aria-label="PDF document"
      data-slot="reader-frame"
      data-presenting={presenting ? "" : undefined}
      className={
        presenting
          ? "fixed inset-0 z-50 grid grid-rows-[auto_minmax(0,1fr)] gap-2 overflow-hidden bg-neutral-950 p-2 text-white"
          : `grid gap-3 ${rail ? "lg:grid-cols-[7rem_minmax(0,1fr)]" : ""} lg:items-start`
      }
    >
      {rail ? (
        <ol id="page-thumbnails" aria-label="Page thumbnails" className="sticky top-4 grid max-h-[calc(100dvh-6rem)] gap-2 overflow-y-auto pr-1">
          {list.pages.map((p) => (
            <li key={p.n}>
              <button
                type="button"
                aria-label={`Go to page ${p.n}`}
                aria-current={p.n === n ? "page" : undefined}
                onClick={() => go(p.n)}
                className={`block w-full overflow-hidden rounded border-2 bg-white ${p.n === n ? "border-brand" : "border-transparent hover:border-muted-foreground/40"}`}
              >
                {/* Decorative: the button names the page. */}
                <img src={pageImageUrl(base, p.n, THUMBNAIL_WIDTH)} alt="" loading="lazy" width={p.width} height={p.height} className="block h-auto w-full" {...guardedImageProps(shield)} />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <div className={presenting ? "contents" : "grid min-w-0 gap-3"}>
        <ReaderNav unit="page" n={n} count={count} onPrev={prev} onNext={next}>
          <div className="flex items-center gap-1">
            {wide && !presenting ? (
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9"
                aria-label={railOpen ? "Hide page thumbnails" : "Show page thumbnails"}
                aria-expanded={railOpen}
                aria-controls={railOpen ? "page-thumbnails" : undefined}
                onClick={() => setRailOpen((open) => !open)}
              >
                {railOpen ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
              </Button>
            ) : null}
            <Button type="button" variant="outline" size="icon" className="size-11 sm:size-9" aria-label="Zoom out" disabled={zoomIndex === 0} onClick={() => setZoomIndex((z) => Math.max(0, z - 1))}>
              <ZoomOut aria-hidden="true" />
            </Button>
            <span className="w-12 text-center text-xs tabular-nums text-muted-foreground" aria-label={`Zoom ${zoomLabel}`}>
              {zoomLabel}
            </span>
            <Button type="button" variant="outline" size="icon" className="size-11 sm:size-9" aria-label="Zoom in" disabled={zoomIndex === ZOOMS.length - 1} onClick={() => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1))}>
              <ZoomIn aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-11 sm:size-9"
              aria-label={presenting ? "Leave full screen (F or Esc)" : "Full screen (F)"}
              aria-pressed={presenting}
              onClick={togglePresenting}
            >
              {presenting ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            </Button>
          </div>
        </ReaderNav>
        {/* Zoomed, the page pans inside this box; the document itself never scrolls sideways. */}
        <div
          ref={stage}
          data-slot="reader-stage"
          className={`overflow-auto rounded-lg border ${presenting ? "h-full border-transparent bg-neutral-950" : "bg-muted"} ${zoom > 1 ? `${presenting ? "" : "max-h-[75dvh]"} touch-pan-x touch-pan-y touch-pinch-zoom` : "touch-pan-y touch-pinch-zoom"}`}
          {...swipe}
        >
          <PageImage
            key={n}
            src={pageImageUrl(base, n, 800)}
            srcSet={pageSrcSet(base, n)}
            sizes={sizes}
            alt={`Page ${n} of ${count}`}
            width={size.width}
            height={size.height}
            style={{
              width: fitted ? `${Math.round(fitted * zoom)}px` : `${zoom * 100}%`,
              maxWidth: zoom > 1 ? "none" : "100%",
              ...guardedImageProps(shield).style,
            }}
            onContextMenu={guardedImageProps(shield).onContextMenu}
          />
        </div>
      </div>
    </section>
  );
}

type PageImageProps = Omit<React.ComponentProps<"img">, "onError" | "draggable" | "className"> & { src: string };

/**
 * The page as an image; a page the server refuses says why in its place ('This page is too complex to display'),
 * and a busy server (503, 429) offers 'Try again'. The answer's words are read with a second request: an <img>
 * never exposes them.
 */
function PageImage(props: PageImageProps) {
  const [problem, setProblem] = React.useState<{ message: string; retry: boolean } | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const explain = async () => {
    let message = "This page could not be shown.";
    let retry = true;
    try {
      const res = await fetch(props.src, { credentials: "same-origin" });
      if (res.ok) return setAttempt((a) => a + 1); // it arrived meanwhile
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      if (body?.error) message = body.error;
      retry = res.status >= 500 || res.status === 429;
    } catch {
      // offline: the generic words, and Try again
    }
    setProblem({ message, retry });
  };
  if (problem) {
    return (
      <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center text-sm text-muted-foreground">
        <p>{problem.message}</p>
        {problem.retry ? (
          <Button type="button" variant="outline" onClick={() => (setProblem(null), setAttempt((a) => a + 1))}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  // eslint-disable-next-line jsx-a11y/alt-text -- the caller's alt is passed through
  return <img key={attempt} {...props} className="mx-auto block h-auto bg-white" draggable={false} onError={() => void explain()} />;
}
