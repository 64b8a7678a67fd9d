"use client";

import { useCallback, useId, useState } from "react";
import dynamic from "next/dynamic";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Download, RotateCcw, XCircle } from "lucide-react";
import { toast } from "@/client/toast";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { plural } from "@/components/share/evidence-format";
import { LocalTime } from "@/components/ui/local-time";
import { formatReadingTime, linkReadingSummary, pagesReadText, recipientReading, type ReadingUnit } from "@/components/share/reading";
import { liveQuery, queryKeys, refetchUnlessFresh } from "@/client/query-client";
import type { IdeaRecipients, ShareRecipient } from "@/client/types";
import { VisitsDisclosure } from "@/components/activity/visit-list";

/** A link may gather hundreds of recipients and thousands of views: the screen shows the newest, the rest on demand. */
export const RECIPIENTS_SHOWN = 5;
export const VIEWS_SHOWN = 3;

/** recharts only ever loads here, on the owner's share screen, and only once a recipient has reading time to show. */
const ReadingChart = dynamic(() => import("@/components/share/reading-chart"), {
  ssr: false,
  loading: () => <div className="bg-muted/40 h-32 w-full animate-pulse rounded" />,
});

/** 'Reading time 4 min 12 s · pages read: 5 of 6', and the time per page as bars. */
function RecipientReading({ recipient, unit }: { recipient: ShareRecipient; unit: ReadingUnit }) {
  if (recipient.views.length === 0) return null;
  const reading = recipientReading(recipient);
  // The chart's one accessible name, whatever the unit (the issue names it so; the text beside it says pages or sections).
  const chartName = `Time per page for ${recipient.name}`;
  return (
    <div className="space-y-1" data-slot="reading-time">
      <p className="text-xs">
        <span className="font-medium">Reading time</span> {formatReadingTime(reading.totalMs)}
        <span className="text-muted-foreground"> · {pagesReadText(reading, unit)}</span>
      </p>
      {reading.totalMs > 0 ? (
        <div role="img" aria-label={chartName} className="w-full">
          <ReadingChart pages={reading.pages} pageCount={reading.pageCount} unit={unit} />
        </div>
      ) : null}
    </div>
  );
}

function Time({ value }: { value: string }) {
  return <LocalTime value={value} />;
}

function RecipientViews({ recipient }: { recipient: ShareRecipient }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const { views } = recipient;
  if (views.length === 0) return <p className="text-muted-foreground text-xs">Not viewed yet</p>;
  const shown = all ? views : views.slice(0, VIEWS_SHOWN);
  return (
    <div className="space-y-1">
      <ul id={listId} aria-label={`Views by ${recipient.name}`} className="space-y-1">
        {shown.map((v, i) => (
          <li key={`${v.viewedAt}-${i}`} data-testid="recipient-view" className="text-muted-foreground text-xs break-words">
            <span className="text-foreground">Viewed <Time value={v.viewedAt} /></span>
            {v.version ? <span> · v{v.version}</span> : null}
            {v.ip ? <span> · IP {v.ip}</span> : null}
            <span> · {v.device}</span>
          </li>
        ))}
      </ul>
      {views.length > VIEWS_SHOWN ? (
        <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
          {all ? `Show the latest ${VIEWS_SHOWN} views` : `Show all ${plural(views.length, "view")}`}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * 'Let back in' for a recipient that a one-time or used-up link keeps out: that recipient alone may open the link once
 * more. The server decides when it applies (`readmission`); once granted the item says so until it is used.
 */
function LetBackIn({ shareId, listKey, recipient }: { shareId: string; listKey: readonly unknown[]; recipient: ShareRecipient }) {
  const queryClient = useQueryClient();
  const readmit = useApiMutation(
    () => apiRequest<{ id: string }>("POST", `/api/shares/${encodeURIComponent(shareId)}/recipients/${encodeURIComponent(recipient.id)}/readmit`),
    {
      invalidates: [listKey],
      onSuccess: () => {
        toast.success(`${recipient.name} can open the link once more.`);
        // The change is on the timeline of whichever idea or room the link opens.
        void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].endsWith("/activity") });
      },
      onError: (err) => toast.error("Error", { description: errorMessage(err, "Failed to let the recipient back in. Please try again.") }),
    },
  );
  if (recipient.readmission === "granted") {
    return (
      <p className="text-xs text-muted-foreground" data-slot="readmitted">
        Let back in: can open the link once more
      </p>
    );
  }
  if (recipient.readmission !== "possible") return null;
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={readmit.isPending}
      aria-busy={readmit.isPending}
      aria-label={`Let back in: ${recipient.name}`}
      onClick={() => readmit.mutate()}
    >
      {readmit.isPending ? <Spinner label="Letting back in..." /> : <RotateCcw aria-hidden="true" />}
      Let back in
    </Button>
  );
}

type RecipientItemProps = { shareId: string; ideaId: number | null; listKey: readonly unknown[]; recipient: ShareRecipient; unit: ReadingUnit | null; requireNda: boolean };

function RecipientItem({ shareId, ideaId, listKey, recipient, unit, requireNda }: RecipientItemProps) {
  return (
    <li data-recipient-id={recipient.id} className="bg-muted/30 space-y-2 rounded-md border px-3 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">{recipient.name}</p>
        <p className="text-muted-foreground text-xs break-all">
          {recipient.email}
          {recipient.phone ? <span> · {recipient.phone}</span> : null}
          {recipient.visits > 1 ? <span data-slot="visits"> · {recipient.visits} visits</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {recipient.emailVerified ? (
          <Badge variant="secondary">
            <CheckCircle2 aria-hidden="true" className="text-emerald-600" />
            E-mail verified
          </Badge>
        ) : (
          <Badge variant="outline">
            <XCircle aria-hidden="true" />
            E-mail not verified
          </Badge>
        )}
        {recipient.nda ? (
          <>
            <span>
              NDA accepted <Time value={recipient.nda.acceptedAt} />
              {recipient.nda.agreement ? (
                <span data-slot="accepted-agreement">
                  {" "}
                  ({recipient.nda.agreement.title} v{recipient.nda.agreement.version})
                </span>
              ) : null}
              <span data-slot="accepted-by" className="block text-muted-foreground">
                {recipient.nda.acceptedBy}
              </span>
            </span>
            <a
              href={`/api/ndas/${encodeURIComponent(recipient.nda.id)}/certificate.pdf`}
              download
              className="text-brand inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline focus-visible:underline"
              aria-label={`Download certificate for ${recipient.name}`}
            >
              <Download aria-hidden="true" className="size-3" />
              Download certificate
            </a>
          </>
        ) : recipient.declinedAt ? (
          <span>
            NDA declined <Time value={recipient.declinedAt} />
          </span>
        ) : requireNda ? (
          <span className="text-muted-foreground">NDA not accepted</span>
        ) : (
          // The evidence says it plainly — this recipient read without accepting any agreement.
          <span className="text-muted-foreground" data-slot="no-agreement">
            No agreement accepted (no NDA on this link)
          </span>
        )}
      </div>
      {unit ? <RecipientReading recipient={recipient} unit={unit} /> : null}
      <RecipientViews recipient={recipient} />
      {/* Each visit's own pages and time, loaded only when opened (the screen's first load stays as it is). */}
      {ideaId !== null && recipient.views.length > 0 ? (
        <VisitsDisclosure ideaId={ideaId} email={recipient.email} shareId={shareId} readerName={recipient.name} />
      ) : null}
      <LetBackIn shareId={shareId} listKey={listKey} recipient={recipient} />
      <a
        href={`/api/shares/${encodeURIComponent(shareId)}/recipients/${encodeURIComponent(recipient.id)}/receipt.pdf`}
        download
        className="text-brand inline-flex items-center gap-1 text-xs font-medium underline-offset-4 hover:underline focus-visible:underline"
        aria-label={`Download receipt for ${recipient.name}`}
      >
        <Download aria-hidden="true" className="size-3" />
        Download receipt
      </a>
    </li>
  );
}

/** The query a link's list reads: its idea's or room's shared one while the link lives, its own once revoked. */
function recipientsQueryKey({ shareId, ideaId, roomId, revoked }: { shareId: string; ideaId: number | null; roomId: string | null; revoked: boolean }) {
  if (revoked) return queryKeys.recipients(shareId);
  if (ideaId !== null) return queryKeys.ideaRecipients(ideaId);
  if (roomId !== null) return queryKeys.roomRecipients(roomId);
  return queryKeys.recipients(shareId);
}

/**
 * Under a link on the share screen: who identified on it, their agreement, their views and reading time, each reader's
 * visits on demand (`ideaId`: the link's idea; `roomId` for a room's link). The links of an idea or a room that are not
 * revoked all read one query (GET /api/ideas/{id}/recipients or /api/rooms/{id}/recipients, by link id), so watching N
 * links costs one request per poll, not N; a revoked link (whose list is final) reads its own
 * (GET /api/shares/{id}/recipients).
 * `unit`: a PDF idea is read in pages, any other in sections; null for a room's link, whose reading is per idea (the
 * room's reading table).
 */
export function LinkRecipients({
  shareId,
  ideaId = null,
  roomId = null,
  unit = "page",
  requireNda = true,
  live = false,
  revoked = false,
}: {
  shareId: string;
  ideaId?: number | null;
  roomId?: string | null;
  unit?: ReadingUnit | null;
  requireNda?: boolean;
  live?: boolean;
  revoked?: boolean;
}) {
  const headingId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const listKey = recipientsQueryKey({ shareId, ideaId, roomId, revoked });
  // A link created since the last answer is not in it yet: it has no recipients so far (the next poll lists it).
  const select = useCallback(
    (data: IdeaRecipients | ShareRecipient[]): ShareRecipient[] => (Array.isArray(data) ? data : (data[shareId] ?? [])),
    [shareId],
  );
  // A link that still opens gains recipients and views while the owner watches: polled (an inactive link's list is
  // final). The idea's (or room's) one query is polled while any of its links is live (the shortest interval of its users wins).
  const query = useQuery<IdeaRecipients | ShareRecipient[], Error, ShareRecipient[]>({
    queryKey: listKey,
    select,
    refetchOnMount: refetchUnlessFresh,
    ...(live ? liveQuery : {}),
  });

  if (query.isPending) {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-xs">
        <Spinner label="Loading recipients..." />
        <span aria-hidden="true">Loading recipients...</span>
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive flex flex-wrap items-center gap-2 text-xs">
        Could not load the recipients.
        <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  const recipients = query.data;
  if (recipients.length === 0) return <p className="text-muted-foreground text-xs">No recipients yet</p>;
  const views = recipients.reduce((n, r) => n + r.views.length, 0);
  // Someone who declined the agreement is listed (the evidence) but is not a recipient of the idea.
  const declined = recipients.filter((r) => r.declinedAt !== null).length;
  const shown = all ? recipients : recipients.slice(0, RECIPIENTS_SHOWN);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-medium" data-slot="recipient-totals">
        {plural(recipients.length - declined, "recipient")}
        {declined > 0 ? ` · ${declined} declined` : ""} · {plural(views, "view")}
      </h3>
      {unit ? (
        <p className="text-muted-foreground text-xs" data-slot="reading-summary">
          {linkReadingSummary(recipients).text}
        </p>
      ) : null}
      <ul id={listId} aria-labelledby={headingId} className="space-y-2">
        {shown.map((r) => (
          <RecipientItem key={r.id} shareId={shareId} ideaId={ideaId} listKey={listKey} recipient={r} unit={unit} requireNda={requireNda} />
        ))}
      </ul>
      {recipients.length > RECIPIENTS_SHOWN ? (
        <Button type="button" variant="outline" size="sm" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
          {all ? `Show the newest ${RECIPIENTS_SHOWN} recipients` : `Show all ${plural(recipients.length, "recipient")}`}
        </Button>
      ) : null}
    </section>
  );
}
