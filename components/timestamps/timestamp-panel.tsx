"use client";

import * as React from "react";
import Link from "next/link";
import { Download, FileCheck2, RefreshCw } from "lucide-react";

import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { apiRequest, errorMessage } from "@/client/request";
import { TimestampStatus } from "@/components/timestamps/timestamp-status";
import { rfc3161Line, timestampNextStep, type TimestampDetails } from "@/lib/domain/timestamps/text";

export { timestampNextStep };

type PanelState = { kind: "loading" } | { kind: "ready"; data: TimestampDetails } | { kind: "error"; message: string };

/** A published idea's proof: its state, digest and calendars, and the two downloads that let anyone check it. */
export function TimestampPanel({ ideaId }: { ideaId: number }) {
  const [state, setState] = React.useState<PanelState>({ kind: "loading" });
  const [reloadKey, setReloadKey] = React.useState(0);

  React.useEffect(() => {
    let cancelled = false;
    apiRequest<TimestampDetails>("GET", `/api/ideas/${ideaId}/timestamp`, undefined, { cache: "no-store" })
      .then((data) => !cancelled && setState({ kind: "ready", data }))
      .catch((err: unknown) => !cancelled && setState({ kind: "error", message: errorMessage(err, "The timestamp could not be loaded.") }));
    return () => {
      cancelled = true;
    };
  }, [ideaId, reloadKey]);

  const refresh = () => {
    setState({ kind: "loading" });
    setReloadKey((k) => k + 1);
  };

  return (
    <section aria-labelledby="timestamp-heading" className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="timestamp-heading" className="font-semibold">
          Blockchain timestamp
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={refresh} disabled={state.kind === "loading"}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {state.kind === "loading" ? <p className="text-muted-foreground text-sm">Loading timestamp...</p> : null}
      {state.kind === "error" ? <p className="text-destructive text-sm">{state.message}</p> : null}
      {state.kind === "ready" ? <TimestampDetailsView ideaId={ideaId} data={state.data} /> : null}
    </section>
  );
}

function TimestampDetailsView({ ideaId, data }: { ideaId: number; data: TimestampDetails }) {
  // The stamped file exists from publication; the .ots only once a calendar accepted the digest (before, the next
  // step says so instead of a link that would answer 404).
  const hasProof = data.submittedAt !== null;
  const next = timestampNextStep(data);
  const tsa = rfc3161Line(data.rfc3161);
  return (
    <>
      <TimestampStatus timestamp={data} className="font-medium" />
      {tsa ? (
        <p className="text-sm" data-slot="timestamp-rfc3161">
          {tsa}
        </p>
      ) : null}
      {next ? (
        <p className="text-sm" data-slot="timestamp-next">
          {next}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">SHA-256</dt>
        <dd className="font-mono text-xs break-all">{data.digest}</dd>
        {data.bitcoin ? (
          <>
            <dt className="text-muted-foreground">Block hash</dt>
            <dd className="font-mono text-xs break-all">{data.bitcoin.blockHash}</dd>
            <dt className="text-muted-foreground">Block time</dt>
            <dd>
              <LocalTime value={data.bitcoin.time} />
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Calendars</dt>
        <dd>{data.calendars.length ? data.calendars.length : "none yet"}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {hasProof ? <ProofDownload href={`/api/ideas/${ideaId}/timestamp/ots`}>Download proof (.ots)</ProofDownload> : null}
        <ProofDownload href={`/api/ideas/${ideaId}/timestamp/file`}>Download stamped file</ProofDownload>
        {data.rfc3161?.state === "granted" ? <ProofDownload href={`/api/ideas/${ideaId}/timestamp/tsr`}>Download token (.tsr)</ProofDownload> : null}
        <Button asChild variant="ghost" size="sm">
          <Link href="/verify">
            <FileCheck2 aria-hidden="true" />
            Verify a proof
          </Link>
        </Button>
      </div>
    </>
  );
}

function ProofDownload({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
