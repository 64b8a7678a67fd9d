"use client";

import { useId, useState } from "react";
import { Download } from "lucide-react";
import { toast } from "@/client/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ProfileSection } from "@/components/profile/profile-section";
import { errorMessage } from "@/client/request";
import { useStreamedDownload } from "@/client/streamed-download";

/** 'Download my data' (GET /api/account/export), with progress while the server builds and sends the ZIP. */
export function DataExport() {
  const { busy, statusText, start } = useStreamedDownload("/api/account/export", () => `ideavault-data-${new Date().toISOString().slice(0, 10)}.zip`);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();

  const download = async () => {
    setError(null);
    try {
      await start();
      toast.success("Your data has been downloaded.");
    } catch (err) {
      setError(errorMessage(err, "The download failed. Please try again."));
    }
  };

  return (
    <ProfileSection
      title="Your data"
      description={
        <>
          One ZIP file with your profile and settings, every idea as its stamped file (HTML or the original PDF) with its
          timestamp proof, your links and their recipients, NDA certificates, comments and each idea&apos;s activity, and a
          README that says how to verify the proofs.
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy} aria-describedby={statusId}>
          {busy ? <Spinner label="Downloading your data" /> : <Download aria-hidden="true" />}
          Download my data
        </Button>
        <p id={statusId} role="status" aria-live="polite" className="text-muted-foreground text-sm">
          {statusText}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </ProfileSection>
  );
}
