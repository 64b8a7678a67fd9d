"use client";

import * as React from "react";
import Link from "next/link";

import { apiRequest } from "@/client/request";
import { TimestampStatus } from "@/components/timestamps/timestamp-status";
import { rfc3161Line, type TimestampDetails } from "@/lib/domain/timestamps/text";

/**
 * The document viewer's timestamp line for an agreed recipient: the state in plain words and the proof of what they are
 * viewing. Not the stamped file: it is the unmarked idea, the owner's alone; the recipient checks the
 * proof against the digest shown. Nothing is shown for a shared draft (it has no timestamp) or when the call fails.
 * While it loads, the recipient layout keeps its footer out (`data-holds-footer`), which the line would push down.
 */
export function SharedTimestamp({ token }: { token: string }) {
  // undefined: still loading; null: nothing to show.
  const [details, setDetails] = React.useState<TimestampDetails | null | undefined>(undefined);
  const base = `/api/share/${encodeURIComponent(token)}/timestamp`;

  React.useEffect(() => {
    let cancelled = false;
    apiRequest<TimestampDetails>("GET", base, undefined, { cache: "no-store" })
      .then((data) => !cancelled && setDetails(data))
      .catch(() => !cancelled && setDetails(null));
    return () => {
      cancelled = true;
    };
  }, [base]);

  if (details === undefined) return <span data-holds-footer="" hidden />;
  if (!details) return null;
  const tsa = rfc3161Line(details.rfc3161);
  return (
    <div className="mt-2 grid gap-1">
      <TimestampStatus timestamp={details} />
      {tsa ? <p className="text-xs">{tsa}</p> : null}
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {details.submittedAt ? (
          <a className="text-brand underline underline-offset-4" href={`${base}/ots`} download>
            Download proof (.ots)
          </a>
        ) : details.status === "failed" ? null : (
          <span className="text-muted-foreground">The proof (.ots) can be downloaded once a timestamp server accepts the digest</span>
        )}
        {details.rfc3161?.state === "granted" ? (
          <a className="text-brand underline underline-offset-4" href={`${base}/tsr`} download>
            Download token (.tsr)
          </a>
        ) : null}
        <Link className="text-brand underline underline-offset-4" href="/verify" prefetch={false}>
          Verify
        </Link>
      </p>
    </div>
  );
}
