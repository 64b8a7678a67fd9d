"use client";

import { useId, useState } from "react";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, errorMessage } from "@/lib/client/request";

type Progress = { phase: "idle" } | { phase: "preparing" } | { phase: "downloading"; received: number };

/** "1.4 MB": the bytes received so far, as people read sizes. */
export function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** The name the server gave the download (Content-Disposition), else a dated default. */
function downloadName(res: Response) {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? `ideavault-data-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * 'Download my data' (GET /api/account/export). The server builds the ZIP while it sends it, so its size is unknown
 * up front: the button shows 'Preparing…' until the first bytes arrive, then the bytes received so far; the finished
 * archive is saved through a blob URL.
 */
export function DataExport() {
  const [progress, setProgress] = useState<Progress>({ phase: "idle" });
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const statusId = useId();
  const busy = progress.phase !== "idle";

  const download = async () => {
    setError(null);
    setProgress({ phase: "preparing" });
    try {
      const res = await fetch("/api/account/export", { credentials: "include" });
      if (!res.ok || !res.body) throw new ApiError(res.status, await res.text().catch(() => ""), res.statusText);
      const reader = res.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        setProgress({ phase: "downloading", received });
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: "application/zip" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = downloadName(res);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser reads the blob after click() returns; release it once the save has surely started.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast.success("Your data has been downloaded.");
    } catch (err) {
      setError(errorMessage(err, "The download failed. Please try again."));
    } finally {
      setProgress({ phase: "idle" });
    }
  };

  return (
    <Card className="mx-auto mt-6 w-full max-w-xl" aria-labelledby={headingId} role="region">
      <CardContent className="space-y-4 px-4 sm:px-6">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            Your data
          </h2>
          <p className="text-muted-foreground text-sm">
            One ZIP file with your profile and settings, every idea as its stamped file (HTML or the original PDF) with its
            timestamp proof, your links and their recipients, NDA certificates, comments and each idea&apos;s activity, and a
            README that says how to verify the proofs.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy} aria-describedby={statusId}>
            {busy ? <Spinner label="Downloading your data" /> : <Download aria-hidden="true" />}
            Download my data
          </Button>
          <p id={statusId} role="status" aria-live="polite" className="text-muted-foreground text-sm">
            {progress.phase === "preparing" ? "Preparing…" : progress.phase === "downloading" ? `${formatBytes(progress.received)} received` : ""}
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
