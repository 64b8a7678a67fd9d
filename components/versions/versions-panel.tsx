"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { toast } from "@/client/toast";
import { History, Plus } from "lucide-react";

import { Button } from "@/components/ui/button";
import { EvidencePackButton } from "@/components/evidence/evidence-pack-button";
import { TimestampStatus } from "@/components/timestamps/timestamp-status";
import { apiRequest, ApiError, withLimitMessage } from "@/client/request";
import { localDate } from "@/lib/platform/format/date-format";
import { useApiMutation } from "@/client/mutation";
import type { IdeaVersionDetail, IdeaVersionSummary } from "@/client/types";

import { versionHref, versionsKey } from "@/components/versions/versions-key";

export { versionHref, versionsKey };

/** The open draft's number in a 409 answer to 'New version', if that is why it was refused. */
function draftVersionIn(body: string): number | null {
  try {
    const parsed = JSON.parse(body) as { version?: unknown };
    return typeof parsed.version === "number" ? parsed.version : null;
  } catch {
    return null;
  }
}

/**
 * The editor's 'Versions' panel of a published idea: each version with its date and proof state, each
 * readable read-only; 'New version' opens a draft of the next one (or the open draft); the evidence pack of them all.
 */
export function VersionsPanel({ ideaId }: { ideaId: number }) {
  const headingId = React.useId();
  const router = useRouter();
  const { data: versions, isPending, isError } = useQuery<IdeaVersionSummary[]>({ queryKey: versionsKey(ideaId) });
  const draft = versions?.find((v) => v.status === "draft") ?? null;

  const create = useApiMutation(() => apiRequest<IdeaVersionDetail>("POST", `/api/ideas/${ideaId}/versions`), {
    invalidates: [versionsKey(ideaId)],
    onSuccess: (created) => router.push(versionHref(ideaId, created.version)),
    onError: (err) => {
      // One open draft per idea: the server names it; open it rather than fail.
      const open = err instanceof ApiError && err.status === 409 ? draftVersionIn(err.body) : null;
      if (open) router.push(versionHref(ideaId, open));
      else toast.error("Error", { description: withLimitMessage("Failed to create a new version", err) });
    },
  });
  // Stays busy while the browser leaves for the version's editor.
  const creating = create.isPending || create.isSuccess || (create.isError && create.error instanceof ApiError && create.error.status === 409 && draftVersionIn(create.error.body) !== null);
  const newVersion = () => {
    if (!creating) create.mutate();
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border p-4" data-testid="versions-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <History aria-hidden="true" className="size-4" />
          Versions
        </h2>
        {draft ? (
          <Button asChild size="sm" variant="outline">
            <Link href={versionHref(ideaId, draft.version)}>Continue version {draft.version}</Link>
          </Button>
        ) : (
          <Button type="button" size="sm" onClick={newVersion} disabled={creating || isPending} aria-busy={creating}>
            <Plus aria-hidden="true" />
            New version
          </Button>
        )}
      </div>
      {isPending ? <p className="text-muted-foreground text-sm">Loading...</p> : null}
      {isError ? <p className="text-destructive text-sm">The versions could not be loaded.</p> : null}
      {versions?.length ? (
        <ul className="flex flex-col divide-y">
          {versions.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-version={v.version}>
              <div className="flex min-w-0 flex-col gap-0.5">
                <Link href={versionHref(ideaId, v.version)} className="font-medium hover:underline">
                  v{v.version} · {v.status === "published" ? `published ${localDate(v.publishedAt)}` : "draft"}
                </Link>
                <span className="text-muted-foreground truncate text-sm">{v.title}</span>
              </div>
              {v.timestamp ? <TimestampStatus timestamp={v.timestamp} /> : <span className="text-muted-foreground text-sm">Not published yet</span>}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-muted-foreground text-sm">
        The evidence pack holds every published version with its proof, every NDA certificate with its record and proof,
        the activity log, and a manifest of every file&apos;s SHA-256, itself timestamped.
      </p>
      <EvidencePackButton target={{ ideaId }} />
    </section>
  );
}
