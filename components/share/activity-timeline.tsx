"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { hashKey, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Download, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Spinner } from "@/components/ui/spinner";
import { plural } from "@/components/share/evidence-format";
import { formatReadingTime } from "@/components/share/reading";
import { apiRequest } from "@/client/request";
import { ACTIVITY_PAGE_SIZE, liveQuery, refetchUnlessFresh } from "@/client/query-client";
import type { ActivityEvent, ActivityPage, ActivityRecipientSummary, ActivitySummary } from "@/client/types";
import { cn } from "@/client/utils";
import { LoadError, LoadingLine } from "@/components/ui/load-state";

/** The screen loads the timeline a page at a time; the CSV has everything. */

/** The group of events that belong to no recipient: the owner's links (created, changed, revoked) and views of removed recipients. */
export const LINKS_GROUP = "Links and other events";

type View = "recipients" | "all";

function EventItem({ event }: { event: ActivityEvent }) {
  const who = event.recipient && event.actor !== event.recipient.name ? `${event.actor} → ${event.recipient.name}` : event.actor;
  const where = [event.ip ? `IP ${event.ip}` : null, event.device].filter(Boolean).join(" · ");
  return (
    <li data-activity-type={event.type} className="border-l-2 py-1 pl-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{event.label}</span>
        {event.version ? <span className="rounded border px-1 text-xs" title={`Version ${event.version}`}>v{event.version}</span> : null}
        <LocalTime value={event.at} className="text-muted-foreground text-xs" />
        {event.log ? (
          // The evidence-log entry behind the event: its number and the start of its hash (the log has the whole).
          <span data-testid="log-entry" className="text-muted-foreground font-mono text-xs" title={`Evidence log entry ${event.log.seq}, SHA-256 ${event.log.hash}`}>
            #{event.log.seq} · {event.log.hash.slice(0, 8)}
          </span>
        ) : null}
      </p>
      <p className="text-muted-foreground text-xs break-words">
        {who ? <span className="text-foreground">{who}</span> : null}
        {who && event.link ? " · " : null}
        {event.link ? <span>{event.link.label} link</span> : null}
        {where ? <span> · {where}</span> : null}
        {event.readingMs ? <span> · read {formatReadingTime(event.readingMs)}</span> : null}
      </p>
      {event.note ? <p className="text-muted-foreground line-clamp-3 text-xs break-words whitespace-pre-wrap">{event.note}</p> : null}
      {event.evidence.length > 0 ? (
        // Digests prove the event but do not help reading it: one click away, never in the way.
        <details className="text-xs">
          <summary className="text-muted-foreground hover:text-foreground w-fit cursor-pointer">Evidence</summary>
          <dl className="mt-1 space-y-1">
            {event.evidence.map((d) => (
              <div key={d.label}>
                <dt className="text-muted-foreground">{d.label}</dt>
                <dd>
                  <code className="font-mono break-all">{d.value}</code>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

/** The figures that open the timeline: the whole history, counted by the server whatever page is loaded. */
function SummaryFigures({ summary }: { summary: ActivitySummary }) {
  const figures: [string, string][] = [
    ["Links", summary.links.toLocaleString()],
    ["Recipients", summary.recipients.toLocaleString()],
    ["Agreements", summary.agreements.toLocaleString()],
    ["Views", summary.views.toLocaleString()],
    ["Reading time", formatReadingTime(summary.readingSeconds * 1000)],
  ];
  return (
    <dl aria-label="Activity summary" data-testid="activity-summary" className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-2">
      {figures.map(([label, value]) => (
        <div key={label} className="bg-muted/40 min-w-0 rounded-md border px-2 py-1.5">
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="text-base font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Group = { key: string; name: string; email: string | null; events: ActivityEvent[]; figures: ActivityRecipientSummary | null };

/** Loaded events per recipient (by e-mail, as the summary counts people), groups in the order of their newest event. */
function groupEvents(events: ActivityEvent[], people: ActivityRecipientSummary[]): Group[] {
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const groups = new Map<string, Group>();
  for (const e of events) {
    const email = e.recipient?.email.toLowerCase() ?? null;
    const key = email ?? "";
    let group = groups.get(key);
    if (!group) {
      const figures = email ? (byEmail.get(email) ?? null) : null;
      group = { key, name: email ? (figures?.name ?? e.recipient!.name) : LINKS_GROUP, email, events: [], figures };
      groups.set(key, group);
    }
    group.events.push(e);
  }
  return [...groups.values()];
}

function groupFigures(group: Group): string {
  const f = group.figures;
  if (!f) return plural(group.events.length, "event");
  return [plural(f.views, "view"), `${formatReadingTime(f.readingSeconds * 1000)} reading`, f.agreements ? plural(f.agreements, "agreement") : "no agreement"].join(" · ");
}

function RecipientGroups({ groups }: { groups: Group[] }) {
  // Collapsed until opened; the state survives the refetches that regroup the events.
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <ul aria-label="Events by recipient" className="space-y-2">
      {groups.map((g) => (
        <li key={g.key} data-activity-group={g.email ?? "links"} className="rounded-md border">
          <details open={open[g.key] ?? false} onToggle={(e) => {
            const isOpen = e.currentTarget.open;
            setOpen((o) => (o[g.key] === isOpen ? o : { ...o, [g.key]: isOpen }));
          }}>
            <summary className="hover:bg-muted/40 cursor-pointer rounded-md px-3 py-2 text-sm">
              <span className="font-medium break-words">{g.name}</span>
              {g.email ? <span className="text-muted-foreground break-all"> · {g.email}</span> : null}
              <span className="text-muted-foreground block text-xs" data-slot="group-figures">
                {groupFigures(g)}
              </span>
            </summary>
            <ol aria-label={`Events of ${g.name}`} className="space-y-2 px-3 pb-3">
              {g.events.map((e) => (
                <EventItem key={e.id} event={e} />
              ))}
            </ol>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * The owner's own changes update the timeline without 'Refresh'. Every write on a link (create, edit,
 * revoke) ends by updating or invalidating the share list; when that list's data really changes (structural sharing
 * keeps the same object for an identical reload), the timeline is reloaded too. Comments and replies invalidate the
 * timeline themselves (owner-comments.tsx). What recipients do meanwhile arrives by polling (liveQuery); 'Refresh' remains.
 */
function useFollowShareList(sharesUrl: string, activityUrl: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The app's keys are `[url]` (client/query-client.ts): a fresh array per render, the same query.
    const sharesKey = [sharesUrl];
    const sharesHash = hashKey(sharesKey);
    let last: unknown = queryClient.getQueryData(sharesKey);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.query.queryHash !== sharesHash) return;
      const data = event.query.state.data;
      if (data === last) return;
      const hadData = last !== undefined;
      last = data;
      if (hadData && data !== undefined) void queryClient.invalidateQueries({ queryKey: [activityUrl] });
    });
  }, [sharesUrl, activityUrl, queryClient]);
}

/**
 * Whose timeline: an idea's (GET /api/ideas/{id}/activity) or a room's (GET /api/rooms/{id}/activity), both answering
 * the same pages. The CSV's file name is the server's (its Content-Disposition: `idea-…` or `room-…-activity-{day}.csv`).
 */
export type ActivityTimelineProps = {
  /** `[url]`: the timeline's endpoint, and its query key (each page's offset and limit are added to the URL). */
  queryKey: readonly string[];
  /** The whole timeline as CSV. */
  csvUrl: string;
  /** `[url]` of the owner's list of the links (shareListKey): when it changes, the timeline is reloaded. */
  sharesKey: readonly string[];
};

/**
 * 'Activity': the summary, then every event grouped per recipient or all together, newest first, and its CSV export.
 */
export function ActivityTimeline({ queryKey, csvUrl, sharesKey }: ActivityTimelineProps) {
  const headingId = useId();
  const [view, setView] = useState<View>("recipients");
  const [url] = queryKey;
  const activity = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ActivityPage>("GET", `${url}?offset=${pageParam}&limit=${ACTIVITY_PAGE_SIZE}`, undefined, { signal, cache: "no-store" }),
    initialPageParam: 0,
    getNextPageParam: (last: ActivityPage) => last.nextOffset ?? undefined,
    refetchOnMount: refetchUnlessFresh,
    // Recipients' views, agreements and comments appear while the screen is open (every loaded page is reloaded).
    ...liveQuery,
  });
  useFollowShareList(sharesKey[0], url);
  const pages = activity.data?.pages;
  const events = useMemo(() => pages?.flatMap((p) => p.events) ?? [], [pages]);
  // Every page carries the figures; the first page's are the freshest after a refetch of all pages in order.
  const first = pages?.[0];
  const groups = useMemo(() => (first ? groupEvents(events, first.people) : []), [events, first]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Activity
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => void activity.refetch()}
            // Not disabled while fetching: a second press joins the fetch under way, and a button that fades in and out
            // with every background refetch reads as low contrast mid-fade. The spinning icon says it is at work.
            aria-busy={activity.isFetching}
            aria-label="Refresh activity"
          >
            <RefreshCw aria-hidden="true" className={cn(activity.isFetching && "animate-spin")} />
            <span className="max-sm:sr-only">Refresh</span>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={csvUrl} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      {activity.isPending ? (
        <LoadingLine label="Loading activity..." />
      ) : activity.isError && events.length === 0 ? (
        <LoadError onRetry={() => void activity.refetch()}>Could not load the activity. Please try again.</LoadError>
      ) : events.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">No activity yet.</p>
      ) : (
        <>
          {first ? <SummaryFigures summary={first.summary} /> : null}
          <div role="group" aria-label="Show events" className="flex gap-1">
            {(
              [
                ["recipients", "By recipient"],
                ["all", "All events"],
              ] as const
            ).map(([value, label]) => (
              <Button key={value} type="button" size="sm" variant={view === value ? "secondary" : "ghost"} aria-pressed={view === value} onClick={() => setView(value)}>
                {label}
              </Button>
            ))}
          </div>
          {view === "all" ? (
            <ol aria-labelledby={headingId} className="space-y-2">
              {events.map((e) => (
                <EventItem key={e.id} event={e} />
              ))}
            </ol>
          ) : (
            <RecipientGroups groups={groups} />
          )}
          {activity.hasNextPage ? (
            <Button type="button" variant="outline" size="sm" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {activity.isFetchingNextPage ? <Spinner label="Loading more activity..." /> : null}
              Show older activity
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
