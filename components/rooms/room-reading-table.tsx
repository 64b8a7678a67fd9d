"use client";

import { Fragment, useId, useState } from "react";
import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, ArrowUpDown, BarChart3, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatReadingTime } from "@/components/share/reading";
import {
  DEFAULT_READING_SORT, ideasOpened, nextSort, readingCell, sameColumn, shareReadText, sortReading, totalMs,
  type ReadingColumn, type ReadingRecipient, type ReadingSort,
} from "@/components/rooms/room-reading";
import { queryKeys } from "@/client/query-client";
import type { RoomItem, RoomReading } from "@/client/types";
import { cn } from "@/client/utils";
import { LoadError, LoadingLine } from "@/components/ui/load-state";

/** recharts loads only when a chart is asked for. */
const ReadingChart = dynamic(() => import("@/components/share/reading-chart"), {
  ssr: false,
  loading: () => <div className="bg-muted/40 h-32 w-full animate-pulse rounded" />,
});

type Column = { column: ReadingColumn; label: string };

function SortHeader({ column, label, sort, onSort, className }: Column & { sort: ReadingSort; onSort: (c: ReadingColumn) => void; className?: string }) {
  const active = sameColumn(sort.column, column);
  const Icon = active ? (sort.direction === "ascending" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active ? sort.direction : "none"} className={cn("px-2 py-2 text-left align-bottom font-medium", className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="hover:text-foreground focus-visible:ring-ring/50 inline-flex min-h-11 items-center gap-1 rounded text-left outline-none focus-visible:ring-[3px] sm:min-h-8"
      >
        <span className="break-words">{label}</span>
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      </button>
    </th>
  );
}

/** One recipient's time per page of each idea they opened, as the share screen draws it. */
function RecipientCharts({ recipient, items }: { recipient: ReadingRecipient; items: RoomItem[] }) {
  const opened = items.flatMap((item) => {
    const cell = readingCell(recipient, item.ideaId);
    return cell ? [{ item, cell }] : [];
  });
  if (opened.length === 0) return <p className="text-muted-foreground text-sm">{recipient.name} has not opened any document yet.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {opened.map(({ item, cell }) => {
        const unit = item.kind === "pdf" ? "page" : "section";
        return (
          <figure key={item.ideaId} className="min-w-0 space-y-1">
            <figcaption className="text-xs font-medium break-words">
              {item.title} · {formatReadingTime(cell.ms)}
            </figcaption>
            {cell.pages ? (
              <div role="img" aria-label={`Time per ${unit} of ${item.title} for ${recipient.name}`} className="w-full">
                <ReadingChart pages={cell.pages} pageCount={cell.pageCount} unit={unit} />
              </div>
            ) : (
              <p className="text-muted-foreground text-xs">
                {cell.pagesRead} of {cell.pageCount ?? "?"} {unit}s read
              </p>
            )}
          </figure>
        );
      })}
    </div>
  );
}

/**
 * The room's reading table (GET /api/rooms/{id}/reading): a row per recipient, a column per idea with the time spent and
 * the share of its pages or sections read, and the total; every column sorts (aria-sort says how), and each row opens
 * the recipient's time per page on demand.
 */
export function RoomReadingTable({ roomId, items }: { roomId: string; items: RoomItem[] }) {
  const captionId = useId();
  const [sort, setSort] = useState<ReadingSort>(DEFAULT_READING_SORT);
  const [open, setOpen] = useState<string | null>(null);
  const reading = useQuery<RoomReading>({ queryKey: queryKeys.roomReading(roomId), refetchOnMount: "always" });
  const ideaIds = items.map((i) => i.ideaId);
  const columns: Column[] = items.map((item) => ({ column: { kind: "idea", ideaId: item.ideaId }, label: item.title.trim() || "Untitled Idea" }));
  const onSort = (column: ReadingColumn) => setSort((current) => nextSort(current, column));

  return (
    <section aria-labelledby={captionId} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id={captionId} className="text-lg font-semibold">
          Reading
        </h2>
        <Button type="button" variant="ghost" size="sm" className="h-11 sm:h-8" onClick={() => void reading.refetch()} disabled={reading.isFetching} aria-label="Refresh reading">
          <RefreshCw aria-hidden="true" className={cn(reading.isFetching && "animate-spin")} />
          <span className="max-sm:sr-only">Refresh</span>
        </Button>
      </div>
      {reading.isPending ? (
        <LoadingLine label="Loading the reading..." />
      ) : reading.isError ? (
        <LoadError onRetry={() => void reading.refetch()}>Could not load the reading. Please try again.</LoadError>
      ) : reading.data.recipients.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">No recipient has opened the room yet.</p>
      ) : (
        // Wide rooms scroll inside their box, never the page.
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full border-collapse text-sm" data-testid="room-reading-table">
            <caption className="sr-only">Time spent and share read per recipient and idea; the column headers sort the table.</caption>
            <thead className="bg-muted/40 text-muted-foreground">
              <tr>
                <SortHeader column={{ kind: "name" }} label="Recipient" sort={sort} onSort={onSort} className="min-w-40" />
                {columns.map((c) => (
                  <SortHeader key={c.label + (c.column.kind === "idea" ? c.column.ideaId : "")} {...c} sort={sort} onSort={onSort} className="min-w-32" />
                ))}
                <SortHeader column={{ kind: "total" }} label="Total" sort={sort} onSort={onSort} />
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Time per page</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sortReading(reading.data.recipients, sort).map((r) => {
                const expanded = open === r.recipientId;
                const chartId = `${captionId}-chart-${r.recipientId}`;
                return (
                  <Fragment key={r.recipientId}>
                    <tr className="border-t align-top" data-recipient-id={r.recipientId}>
                      <th scope="row" className="px-2 py-2 text-left font-normal">
                        <span className="block font-medium break-words">{r.name}</span>
                        <span className="text-muted-foreground block text-xs break-all">{r.email}</span>
                        <span className="text-muted-foreground block text-xs">
                          {ideasOpened(r, ideaIds)} of {ideaIds.length} opened
                        </span>
                      </th>
                      {items.map((item) => {
                        const cell = readingCell(r, item.ideaId);
                        return (
                          <td key={item.ideaId} className="px-2 py-2" data-idea-id={item.ideaId}>
                            {cell ? (
                              <>
                                <span className="block tabular-nums">{formatReadingTime(cell.ms)}</span>
                                <span className="text-muted-foreground block text-xs">
                                  {shareReadText(cell)} read
                                </span>
                              </>
                            ) : (
                              <span className="text-muted-foreground">Not opened</span>
                            )}
                          </td>
                        );
                      })}
                      <td className="px-2 py-2 tabular-nums">{formatReadingTime(totalMs(r))}</td>
                      <td className="px-2 py-2 text-right">
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          className="h-11 sm:h-8"
                          aria-expanded={expanded}
                          aria-controls={expanded ? chartId : undefined}
                          aria-label={`${expanded ? "Hide" : "Show"} time per page for ${r.name}`}
                          onClick={() => setOpen(expanded ? null : r.recipientId)}
                        >
                          <BarChart3 aria-hidden="true" />
                          <span className="max-sm:sr-only">{expanded ? "Hide" : "Chart"}</span>
                        </Button>
                      </td>
                    </tr>
                    {expanded ? (
                      <tr id={chartId} className="bg-muted/20">
                        <td colSpan={items.length + 3} className="px-2 py-3">
                          <RecipientCharts recipient={r} items={items} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
