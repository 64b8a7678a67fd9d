"use client";

import { useId, useState } from "react";
import { Archive } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatBytes } from "@/components/profile/data-export";
import { ApiError, errorMessage } from "@/lib/client/request";
import { cn } from "@/lib/utils";

type Progress = { phase: "idle" } | { phase: "preparing" } | { phase: "downloading"; received: number };

/** The name the server gave the download (Content-Disposition), else a plain default. */
function downloadName(res: Response, ideaId: number) {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? `evidence-idea-${ideaId}.zip`;
}

/**
 * 'Download evidence pack' (GET /api/ideas/{id}/evidence.zip): the server builds the ZIP while it sends it, so its size
 * is unknown up front. The button says 'Preparing…' until the first bytes arrive, then the bytes received so far; the
 * finished archive is saved through a blob URL, and a failure is a toast.
 */
export function EvidencePackButton({ ideaId, size = "sm", className }: { ideaId: number; size?: "sm" | "default"; className?: string }) {
  const [progress, setProgress] = useState<Progress>({ phase: "idle" });
  const statusId = useId();
  const busy = progress.phase !== "idle";

  const download = async () => {
    setProgress({ phase: "preparing" });
    try {
      const res = await fetch(`/api/ideas/${ideaId}/evidence.zip`, { credentials: "include" });
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
      link.download = downloadName(res, ideaId);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser reads the blob after click() returns; release it once the save has surely started.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast.success("Evidence pack downloaded.");
    } catch (err) {
      toast.error(errorMessage(err, "The evidence pack could not be downloaded. Please try again."));
    } finally {
      setProgress({ phase: "idle" });
    }
  };

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <Button type="button" variant="outline" size={size} onClick={() => void download()} disabled={busy} aria-busy={busy} aria-describedby={statusId}>
        {busy ? <Spinner label="Downloading the evidence pack" /> : <Archive aria-hidden="true" />}
        Download evidence pack
      </Button>
      <span id={statusId} role="status" aria-live="polite" className="text-muted-foreground text-sm">
        {progress.phase === "preparing" ? "Preparing…" : progress.phase === "downloading" ? `${formatBytes(progress.received)} received` : ""}
      </span>
    </div>
  );
}
