"use client";

import { useId } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Download, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { localTime } from "@/components/share/evidence-format";
import { queryKeys } from "@/lib/client/query-client";
import { apiRequest } from "@/lib/client/request";
import type { ActivityEvent, ActivityPage } from "@/lib/client/types";
import { cn } from "@/lib/utils";

/** The screen loads the timeline a page at a time; the CSV has everything. */
export const ACTIVITY_PAGE_SIZE = 50;

function EventItem({ event }: { event: ActivityEvent }) {
  const who = event.recipient && event.actor !== event.recipient.name ? `${event.actor} → ${event.recipient.name}` : event.actor;
  const where = [event.ip ? `IP ${event.ip}` : null, event.device].filter(Boolean).join(" · ");
  return (
    <li data-activity-type={event.type} className="border-l-2 py-1 pl-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{event.label}</span>
        {event.version ? <span className="rounded border px-1 text-xs" title={`Version ${event.version}`}>v{event.version}</span> : null}
        <time dateTime={event.at} title={event.at} className="text-muted-foreground text-xs">
          {localTime(event.at)}
        </time>
      </p>
      <p className="text-muted-foreground text-xs break-words">
        {who ? <span className="text-foreground">{who}</span> : null}
        {who && event.link ? " · " : null}
        {event.link ? <span>{event.link.label} link</span> : null}
        {where ? <span> · {where}</span> : null}
      </p>
      {event.detail ? <p className="text-muted-foreground line-clamp-3 text-xs break-words whitespace-pre-wrap">{event.detail}</p> : null}
    </li>
  );
}

/** 'Activity': every event on the idea, newest first (GET /api/ideas/{id}/activity), and its CSV export. */
export function ActivityTimeline({ ideaId }: { ideaId: number }) {
  const headingId = useId();
  const [url] = queryKeys.activity(ideaId);
  const activity = useInfiniteQuery({
    queryKey: queryKeys.activity(ideaId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ActivityPage>("GET", `${url}?offset=${pageParam}&limit=${ACTIVITY_PAGE_SIZE}`, undefined, { signal, cache: "no-store" }),
    initialPageParam: 0,
    getNextPageParam: (last: ActivityPage) => last.nextOffset ?? undefined,
    refetchOnMount: "always",
  });
  const events = activity.data?.pages.flatMap((p) => p.events) ?? [];

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
            disabled={activity.isFetching}
            aria-label="Refresh activity"
          >
            <RefreshCw aria-hidden="true" className={cn(activity.isFetching && "animate-spin")} />
            <span className="max-sm:sr-only">Refresh</span>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/ideas/${ideaId}/activity.csv`} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      {activity.isPending ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <Spinner label="Loading activity..." />
          <span aria-hidden="true">Loading activity...</span>
        </p>
      ) : activity.isError && events.length === 0 ? (
        <div role="alert" className="border-destructive/50 bg-destructive/10 text-destructive flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm">
          <span>Could not load the activity. Please try again.</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void activity.refetch()}>
            Retry
          </Button>
        </div>
      ) : events.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">No activity yet.</p>
      ) : (
        <>
          <ol aria-labelledby={headingId} className="space-y-2">
            {events.map((e) => (
              <EventItem key={e.id} event={e} />
            ))}
          </ol>
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
