"use client";

import { useId } from "react";
import { Archive } from "lucide-react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/client/request";
import { useStreamedDownload } from "@/client/streamed-download";
import { cn } from "@/client/utils";

/**
 * 'Download evidence pack' (GET /api/ideas/{id}/evidence.zip), with progress while the server builds and sends it; a
 * failure is a toast. Beside it, the protective measures alone (GET /api/ideas/{id}/measures.pdf), a plain download.
 */
export function EvidencePackButton({ ideaId, size = "sm", className }: { ideaId: number; size?: "sm" | "default"; className?: string }) {
  const { busy, statusText, start } = useStreamedDownload(`/api/ideas/${ideaId}/evidence.zip`, () => `evidence-idea-${ideaId}.zip`);
  const statusId = useId();

  const download = async () => {
    try {
      await start();
      toast.success("Evidence pack downloaded.");
    } catch (err) {
      toast.error(errorMessage(err, "The evidence pack could not be downloaded. Please try again."));
    }
  };

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <Button type="button" variant="outline" size={size} onClick={() => void download()} disabled={busy} aria-busy={busy} aria-describedby={statusId}>
        {busy ? <Spinner label="Downloading the evidence pack" /> : <Archive aria-hidden="true" />}
        Download evidence pack
      </Button>
      <a href={`/api/ideas/${ideaId}/measures.pdf`} download className="text-sm underline underline-offset-4">
        Protective measures (PDF)
      </a>
      <span id={statusId} role="status" aria-live="polite" className="text-muted-foreground text-sm">
        {statusText}
      </span>
    </div>
  );
}
