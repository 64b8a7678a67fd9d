"use client";

import { useId } from "react";
import { Archive } from "lucide-react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/client/request";
import { useStreamedDownload } from "@/client/streamed-download";
import { cn } from "@/client/utils";

/** Whose pack: an idea's (GET /api/ideas/{id}/evidence.zip) or a room's (GET /api/rooms/{id}/evidence.zip). */
export type EvidencePackTarget = { ideaId: number } | { roomId: string };

/**
 * 'Download evidence pack' for an idea or a room, with progress while the server builds and sends it; a failure is a
 * toast. Beside an idea's, the protective measures alone (GET /api/ideas/{id}/measures.pdf), a plain download.
 */
export function EvidencePackButton({ target, size = "sm", className }: { target: EvidencePackTarget; size?: "sm" | "default"; className?: string }) {
  const [path, fileName] = "roomId" in target ? [`/api/rooms/${target.roomId}`, `evidence-room-${target.roomId}.zip`] : [`/api/ideas/${target.ideaId}`, `evidence-idea-${target.ideaId}.zip`];
  const { busy, statusText, start } = useStreamedDownload(`${path}/evidence.zip`, () => fileName);
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
      {"ideaId" in target ? (
        <a href={`${path}/measures.pdf`} download className="text-sm underline underline-offset-4">
          Protective measures (PDF)
        </a>
      ) : null}
      <span id={statusId} role="status" aria-live="polite" className="text-muted-foreground text-sm">
        {statusText}
      </span>
    </div>
  );
}
