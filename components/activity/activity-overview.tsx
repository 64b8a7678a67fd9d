"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, Flame } from "lucide-react";
import { Button } from "@/components/ui/button";
import { VisitList } from "@/components/activity/visit-list";
import { cn } from "@/client/utils";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { LocalTime } from "@/components/ui/local-time";
import { LoadError, LoadingLine } from "@/components/ui/load-state";
import { nativeSelectClass } from "@/components/ui/native-select";
import { formatReadingTime } from "@/components/share/reading";
import { liveQuery, queryKeys } from "@/client/query-client";
import { ApiError } from "@/client/request";
import type { ActivityOverview as Overview, ActivityReader } from "@/client/types";

const FILTERS = [
  { param: "ideaId", label: "Idea", all: "All ideas", options: (o: Overview) => o.filters.ideas },
  { param: "shareId", label: "Link", all: "All links", options: (o: Overview) => o.filters.links },
] as const;

function completionText(r: ActivityReader) {
  if (r.completion === null) return "—";
  return `${Math.round(r.completion * 100)}% (${r.pagesRead} of ${r.pageCount})`;
}

/** Where the owner reads more about a row: the idea's share screen, or the room's. */
function detailHref(r: ActivityReader) {
  if (r.room) return `/rooms/${encodeURIComponent(r.room.id)}`;
  return r.idea ? `/share/${r.idea.id}` : null;
}

/** A cell's column name, shown only on a phone, where the rows are stacked cards and the header row is hidden. */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-muted-foreground block text-xs sm:hidden">
      {children}
    </span>
  );
}

/**
 * Below `sm` the table is laid out as stacked cards (each row a two-column grid, its header row only for screen
 * readers), so nothing scrolls sideways on a phone; from `sm` up it is the table, scrolling sideways if it must.
 */
const cell = "py-2 pr-3 max-sm:block max-sm:min-w-0 max-sm:p-0";

/** A reader's row; its 'Visits' button expands it into their visits of that idea on that link, loaded when opened. */
function ReaderRow({ reader }: { reader: ActivityReader }) {
  const href = detailHref(reader);
  const document = reader.idea?.title.trim() || (reader.room ? "Not opened yet" : "Untitled Idea");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const visitsOf = reader.idea && reader.visits > 0 ? reader.idea.id : null;
  return (
    <>
      <tr
        data-testid="activity-reader"
        data-hot={reader.hot || undefined}
        className={cn("align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:p-3", !open && "border-b last:border-0")}
      >
        <th scope="row" className={cn(cell, "text-left font-medium max-sm:col-span-2")}>
          <span className="flex flex-wrap items-center gap-1.5">
            {reader.name}
            {reader.hot ? (
              <Badge variant="secondary" className="gap-1">
                <Flame aria-hidden="true" className="size-3" />
                Hot
              </Badge>
            ) : null}
            {reader.declined ? <Badge variant="outline">Declined</Badge> : null}
          </span>
          <span className="text-muted-foreground block text-xs font-normal break-all">{reader.email}</span>
        </th>
        <td className={cn(cell, "break-words")}>
          <CellLabel>Idea</CellLabel>
          {href ? (
            <Link href={href} className="underline-offset-4 hover:underline">
              {document}
            </Link>
          ) : (
            document
          )}
          {reader.room ? <span className="text-muted-foreground block text-xs">Room: {reader.room.name}</span> : null}
        </td>
        <td className={cn(cell, "break-words")}>
          <CellLabel>Link</CellLabel>
          {reader.link.label}
        </td>
        <td className={cn(cell, "sm:whitespace-nowrap")}>
          <CellLabel>Last activity</CellLabel>
          <LocalTime value={reader.lastActivityAt} />
        </td>
        <td className={cn(cell, "sm:whitespace-nowrap")} data-slot="reading-time">
          <CellLabel>Time spent</CellLabel>
          {formatReadingTime(reader.readingSeconds * 1000)}
          {reader.hot ? <span className="text-muted-foreground block text-xs">{formatReadingTime(reader.recentReadingSeconds * 1000)} this week</span> : null}
        </td>
        <td className={cn(cell, "pr-0 max-sm:col-span-2 sm:whitespace-nowrap")}>
          <CellLabel>Completion</CellLabel>
          {completionText(reader)}
          {visitsOf !== null ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-1 flex"
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              aria-label={`Visits by ${reader.name}`}
              onClick={() => setOpen(!open)}
            >
              Visits
              <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
            </Button>
          ) : null}
        </td>
      </tr>
      {visitsOf !== null && open ? (
        <tr className="border-b last:border-0 max-sm:block">
          <td colSpan={6} className="pb-3 max-sm:block max-sm:px-3">
            {/* From `sm` up the table may scroll sideways; the visits stay in view at its left edge. */}
            <div id={panelId} className="sm:sticky sm:left-3 sm:w-[min(40rem,calc(100vw-4rem))]">
              <VisitList ideaId={visitsOf} email={reader.email} shareId={reader.link.id} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ReaderTable({ caption, readers }: { caption: string; readers: ActivityReader[] }) {
  return (
    <div data-slot="reader-table" className="rounded-lg border sm:overflow-x-auto">
      <table className="w-full text-sm max-sm:block sm:min-w-[44rem]">
        <caption className="px-3 pt-3 text-left font-semibold max-sm:block max-sm:pb-1">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="text-muted-foreground border-b text-left text-xs">
            <th scope="col" className="py-2 pr-3 pl-3 font-medium">Reader</th>
            <th scope="col" className="py-2 pr-3 font-medium">Idea</th>
            <th scope="col" className="py-2 pr-3 font-medium">Link</th>
            <th scope="col" className="py-2 pr-3 font-medium">Last activity</th>
            <th scope="col" className="py-2 pr-3 font-medium">Time spent</th>
            <th scope="col" className="py-2 pr-3 font-medium">Completion</th>
          </tr>
        </thead>
        <tbody className="max-sm:block sm:[&_td:first-child]:pl-3 sm:[&_th]:pl-3">
          {readers.map((r) => (
            <ReaderRow key={r.key} reader={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /dashboard/activity: every reader of the owner's ideas, rooms and links (GET /api/activity), hot readers (most
 * reading time this week) in their own group first, then everyone else newest activity first. The filters live in
 * the URL (?ideaId=&shareId=), so a filtered view can be bookmarked and Back undoes a change. Live while open.
 */
export function ActivityOverview() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filter = { ideaId: params.get("ideaId"), shareId: params.get("shareId") };
  const baseId = useId();
  const overview = useQuery<Overview>({ queryKey: queryKeys.activityOverview(filter), ...liveQuery, placeholderData: (previous) => previous });

  const setFilter = (param: string, value: string) => {
    const next = new URLSearchParams(params.toString());
    if (value) next.set(param, value);
    else next.delete(param);
    const search = next.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };

  const data = overview.data;
  const hot = data?.readers.filter((r) => r.hot) ?? [];
  const rest = data?.readers.filter((r) => !r.hot) ?? [];
  const filtered = Boolean(filter.ideaId || filter.shareId);
  const notFound = overview.error instanceof ApiError && overview.error.status === 404;

  return (
    <div className="space-y-6">
      {data ? (
        <div role="search" aria-label="Filter readers" className="grid gap-3 sm:grid-cols-2">
          {FILTERS.map((f) => (
            <div key={f.param} className="space-y-1.5">
              <Label htmlFor={`${baseId}-${f.param}`}>{f.label}</Label>
              <select id={`${baseId}-${f.param}`} className={nativeSelectClass} value={filter[f.param] ?? ""} onChange={(e) => setFilter(f.param, e.target.value)}>
                <option value="">{f.all}</option>
                {f.options(data).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      ) : null}

      {overview.isPending ? (
        <LoadingLine label="Loading readers..." />
      ) : notFound ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm">
          That idea or link is not yours or no longer exists. <Link href={pathname} className="underline underline-offset-4">Show all readers</Link>
        </p>
      ) : overview.isError && !data ? (
        <LoadError onRetry={() => void overview.refetch()}>Could not load the readers. Please try again.</LoadError>
      ) : data && data.readers.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm" data-testid="activity-empty">
          {filtered
            ? "No readers match these filters yet."
            : "No readers yet. Share an idea and everyone who opens your links will appear here, newest first."}
        </p>
      ) : (
        <>
          {hot.length > 0 ? <ReaderTable caption="Hot this week: most reading time in the last 7 days" readers={hot} /> : null}
          {rest.length > 0 ? <ReaderTable caption={hot.length > 0 ? "Everyone else, newest activity first" : "Readers, newest activity first"} readers={rest} /> : null}
          {data?.truncated ? <p className="text-muted-foreground text-xs">Showing the newest {data.readers.length} readers. Filter by idea or link to see others.</p> : null}
        </>
      )}
      <p className="sr-only" aria-live="polite">
        {data ? `${data.readers.length} readers` : ""}
      </p>
    </div>
  );
}
