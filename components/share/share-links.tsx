"use client";

import { useCallback, useId } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Eye, RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { RevokeShareDialog } from "@/components/share/revoke-share-dialog";
import { RevokeAllDialog } from "@/components/share/revoke-all-dialog";
import { EditShareDialog } from "@/components/share/edit-share-dialog";
import { LinkRecipients } from "@/components/share/link-recipients";
import type { ReadingUnit } from "@/components/share/reading";
import { copyShareLink } from "@/components/share/copy-text";
import { addressesInWords, agreementLabel, pinnedVersionLabel, shareUrl, type ShareTarget } from "@/components/share/share-form-values";
import { shareListKey } from "@/components/share/share-list-cache";
import { liveQuery, refetchUnlessFresh } from "@/client/query-client";
import type { OwnerShare, RoomDetail, Share } from "@/client/types";
import { SHARE_TYPE_LABELS } from "@/lib/domain/validation/share-types";
import { viewLimitOf } from "@/lib/domain/validation/sharing-limits";
import { cn } from "@/client/utils";
import { LoadError, LoadingLine } from "@/components/ui/load-state";

/** A link's recipients (/api/shares/{id}/recipients) or those of all an idea's links (/api/ideas/{id}/recipients). */
const isRecipientsKey = (key: unknown) => typeof key === "string" && /^\/api\/(shares|ideas)\/[^/]+\/recipients$/.test(key);

/** The views a link allows in total (the server's rule): a one-time link admits maxViews recipients, default 1. */
export function viewLimit(share: Pick<Share, "shareType" | "maxViews">): number | null {
  return viewLimitOf(share.shareType === "one-time", share.maxViews);
}

/** 'N views', plus ' / {max} max' when a maximum applies (SPEC §2). */
export function viewCountText(share: Pick<Share, "shareType" | "maxViews" | "viewCount">): string {
  const limit = viewLimit(share);
  return `${share.viewCount} ${share.viewCount === 1 ? "view" : "views"}${limit !== null ? ` / ${limit} max` : ""}`;
}

function linkState(share: OwnerShare, now: number): "revoked" | "expired" | "used up" | null {
  if (share.revokedAt) return "revoked";
  if (share.expiresAt && new Date(share.expiresAt).getTime() <= now) return "expired";
  const limit = viewLimit(share);
  if (limit !== null && share.viewCount >= limit) return "used up";
  return null;
}

/** `unit` null: a room link, whose ideas each have their own unit (the room's reading table shows them). */
function ShareLinkItem({ share, now, unit }: { share: OwnerShare; now: number; unit: ReadingUnit | null }) {
  const label = SHARE_TYPE_LABELS[share.shareType];
  const state = linkState(share, now);
  const revoked = state === "revoked";

  return (
    <li data-share-id={share.id} className={cn("space-y-3 rounded-lg border p-3", revoked && "bg-muted/40 text-muted-foreground")}>
      {/* The actions wrap under the details when the column is narrow: the details never shrink to a sliver. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-48 flex-1 space-y-1">
          {share.name ? (
            <p data-slot="share-name" className="font-semibold break-words">
              {share.name}
            </p>
          ) : null}
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span data-slot="share-type">{label}</span>
            {state ? (
              <Badge variant={revoked ? "outline" : "secondary"} className="capitalize">
                {state}
              </Badge>
            ) : null}
            {share.allowDownload ? <Badge variant="outline">Download allowed</Badge> : null}
            {share.screenShield ? <Badge variant="outline">Screen shield</Badge> : null}
            {share.hasPasscode ? <Badge variant="outline">Passcode</Badge> : null}
            {share.requireVerifiedEmail && share.shareType !== "email" ? <Badge variant="outline">Verified e-mail</Badge> : null}
            {pinnedVersionLabel(share) ? <Badge variant="outline">{pinnedVersionLabel(share)}</Badge> : null}
          </p>
          <p className="text-muted-foreground text-sm" data-slot="share-agreement">
            {agreementLabel(share)}
          </p>
          <p className="text-muted-foreground text-sm">
            <span data-slot="view-count">{viewCountText(share)}</span>
            {share.expiresAt ? <span> · {state === "expired" ? "Expired" : "Expires"} <LocalTime value={share.expiresAt} /></span> : null}
          </p>
          {share.recipientEmails.length > 0 ? (
            <p className="text-muted-foreground text-sm break-all" title={share.recipientEmails.length > 3 ? share.recipientEmails.join(", ") : undefined}>
              Sent to {addressesInWords(share.recipientEmails)}
            </p>
          ) : null}
          {revoked ? <p className="text-sm">Revoked <LocalTime value={share.revokedAt} /></p> : null}
        </div>
        {revoked ? null : (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => void copyShareLink(shareUrl(share.accessLink))}>
              <Copy aria-hidden="true" />
              Copy Link
            </Button>
            {/* This link's settings, exactly as its recipients read them; nothing recorded (an idea's links). */}
            {unit === null ? null : <Link
              href={`/share/${share.ideaId}/preview?share=${encodeURIComponent(share.id)}`}
              aria-label={`Preview as recipient: ${share.name ?? label}`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Eye aria-hidden="true" />
              Preview
            </Link>}
            <EditShareDialog share={share} label={label} />
            <RevokeShareDialog share={share} label={label} />
          </div>
        )}
      </div>
      <LinkRecipients
        shareId={share.id}
        ideaId={unit === null ? null : share.ideaId}
        roomId={unit === null ? share.roomId : null}
        unit={unit}
        requireNda={share.requireNda !== false}
        live={state === null}
        revoked={revoked}
      />
    </li>
  );
}

/**
 * 'Active Share Links' (GET /api/ideas/{id}/shares, or a room's links from GET /api/rooms/{id}), newest first, each named
 * by its name then its type; expired, used-up and revoked links below in a collapsed 'Inactive links' section; for an
 * idea, 'Revoke all links' with its confirmation.
 */
export function ShareLinks({ target, unit = "page" }: { target: ShareTarget; unit?: ReadingUnit }) {
  const roomId = "roomId" in target ? target.roomId : null;
  const headingId = useId();
  const queryClient = useQueryClient();
  // Recipients change the view counts: polled while the screen is open and visible, and reloaded when it opens again;
  // the page's own answer, just loaded on the server, is not fetched twice.
  const select = useCallback((data: Share[] | RoomDetail): OwnerShare[] => ("shares" in data ? data.shares : data), []);
  const shares = useQuery<Share[] | RoomDetail, Error, OwnerShare[]>({ queryKey: shareListKey(target), refetchOnMount: refetchUnlessFresh, select, ...liveQuery });
  const list = shares.data ?? [];
  const now = shares.dataUpdatedAt; // expiry is judged as of the last load
  const active = list.filter((s) => linkState(s, now) === null);
  const inactive = list.filter((s) => linkState(s, now) !== null);
  const live = list.filter((s) => !s.revokedAt);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Active Share Links
        </h2>
        {shares.data ? (
          <div className="flex items-center gap-2">
            {live.length > 0 && "ideaId" in target ? <RevokeAllDialog ideaId={target.ideaId} count={live.length} /> : null}
            <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              void shares.refetch();
              void queryClient.invalidateQueries({ predicate: (q) => isRecipientsKey(q.queryKey[0]) });
            }}
            // Never disabled: the list refreshes itself every few seconds, and a button fading in and out with each
            // background fetch is harder to use (and to read) than one that simply stays.
            aria-label="Refresh share links"
          >
            <RefreshCw aria-hidden="true" className={cn(shares.isFetching && "animate-spin")} />
            <span className="max-sm:sr-only">Refresh</span>
            </Button>
          </div>
        ) : null}
      </div>

      {shares.isPending ? (
        <LoadingLine label="Loading share links..." />
      ) : shares.isError && !shares.data ? (
        <LoadError onRetry={() => void shares.refetch()}>Could not load the share links. Please try again.</LoadError>
      ) : active.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">
          No active share links yet. Create one below.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="space-y-3">
          {active.map((share) => (
            <ShareLinkItem key={share.id} share={share} now={now} unit={roomId ? null : unit} />
          ))}
        </ul>
      )}

      {inactive.length > 0 ? (
        <details className="space-y-3">
          <summary className="text-muted-foreground cursor-pointer text-sm font-medium">
            <span id={`${headingId}-inactive`}>Inactive links ({inactive.length})</span>
          </summary>
          <ul aria-labelledby={`${headingId}-inactive`} className="mt-3 space-y-3 opacity-75">
            {inactive.map((share) => (
              <ShareLinkItem key={share.id} share={share} now={now} unit={roomId ? null : unit} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
