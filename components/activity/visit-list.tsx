"use client";

import { useId, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { LoadError, LoadingLine } from "@/components/ui/load-state";
import { formatReadingTime } from "@/components/share/reading";
import { mostReadPages } from "@/lib/domain/engagement/most-read";
import { apiRequest } from "@/client/request";
import { queryKeys, refetchUnlessFresh } from "@/client/query-client";
import { cn } from "@/client/utils";
import type { Visit, VisitsPage } from "@/client/types";

export const VISITS_PAGE_SIZE = 10;
/** The pages a visit's summary names, as the visit-ended mail does. */
const TOP_PAGES = 3;

/** 'Pages read: 2 of 4' for a PDF, 'Sections read: 2 of 4' for any other idea (the visit's `unit`). */
function pagesReadText(v: Visit, Unit: string) {
  return `${Unit}s read: ${v.pagesRead}${v.pageCount !== null ? ` of ${v.pageCount}` : ""}`;
}

/** One visit: when, how long, how many pages (or sections), and the most-read ones as bars against the longest. */
function VisitItem({ visit, showLink }: { visit: Visit; showLink: boolean }) {
  const top = mostReadPages(visit.pages, TOP_PAGES);
  const longest = top[0]?.ms ?? 0;
  const Unit = visit.unit === "page" ? "Page" : "Section";
  return (
    <li
      data-testid="visit"
      className="space-y-1 rounded-md border px-3 py-2 text-xs"
    >
      <p className="flex flex-wrap gap-x-2">
        <span className="text-foreground font-medium">
          <LocalTime value={visit.startedAt} />
        </span>
        <span data-slot="visit-time">{formatReadingTime(visit.timeMs)}</span>
        {visit.version ? (
          <span className="text-muted-foreground">v{visit.version}</span>
        ) : null}
        {showLink ? (
          <span className="text-muted-foreground">
            {visit.linkName ?? "Unnamed link"}
          </span>
        ) : null}
      </p>
      <p data-slot="visit-pages">{pagesReadText(visit, Unit)}</p>
      {top.length > 0 ? (
        <ul aria-label={`Most-read ${visit.unit}s`} className="space-y-0.5">
          {top.map((p) => (
            <li
              key={p.n}
              className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-2"
            >
              <span>
                {Unit} {p.n}
              </span>
              <span
                aria-hidden="true"
                className="bg-muted h-1.5 overflow-hidden rounded"
              >
                <span
                  className="bg-brand block h-full rounded"
                  style={{
                    width: `${Math.max(4, Math.round((p.ms / longest) * 100))}%`,
                  }}
                />
              </span>
              <span className="text-muted-foreground tabular-nums">
                {formatReadingTime(p.ms)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * One reader's visits of an idea (GET /api/ideas/{id}/visits), newest first: each opening of the reader with its time
 * and pages. Loaded when it mounts (its disclosure opened), older visits on demand.
 */
export function VisitList({
  ideaId,
  email,
  shareId = null,
}: {
  ideaId: number;
  email: string;
  shareId?: string | null;
}) {
  const queryKey = queryKeys.visits(ideaId, { email, shareId });
  const [url] = queryKey;
  const visits = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<VisitsPage>(
        "GET",
        `${url}&limit=${VISITS_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        undefined,
        {
          signal,
          cache: "no-store",
        },
      ),
    initialPageParam: "",
    getNextPageParam: (last: VisitsPage) => last.nextCursor ?? undefined,
    refetchOnMount: refetchUnlessFresh,
  });
  if (visits.isPending) return <LoadingLine label="Loading visits..." />;
  if (visits.isError)
    return (
      <LoadError onRetry={() => void visits.refetch()}>
        Could not load the visits.
      </LoadError>
    );
  const all = visits.data.pages.flatMap((p) => p.visits);
  if (all.length === 0)
    return <p className="text-muted-foreground text-xs">No visits yet</p>;
  return (
    <div className="space-y-2">
      <ul aria-label="Visits, newest first" className="space-y-2">
        {all.map((v) => (
          <VisitItem key={v.id} visit={v} showLink={!shareId} />
        ))}
      </ul>
      {visits.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={visits.isFetchingNextPage}
          onClick={() => void visits.fetchNextPage()}
        >
          {visits.isFetchingNextPage ? "Loading..." : "Show older visits"}
        </Button>
      ) : null}
    </div>
  );
}

/** 'Visits': a disclosure button naming its reader; the list loads the first time it opens. */
export function VisitsDisclosure({
  ideaId,
  email,
  shareId,
  readerName,
  className,
}: {
  ideaId: number;
  email: string;
  shareId?: string | null;
  readerName: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={cn("space-y-2", className)}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Visits by ${readerName}`}
        onClick={() => setOpen(!open)}
      >
        Visits
        <ChevronDown
          aria-hidden="true"
          className={cn("transition-transform", open && "rotate-180")}
        />
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <VisitList ideaId={ideaId} email={email} shareId={shareId} />
        ) : null}
      </div>
    </div>
  );
}
