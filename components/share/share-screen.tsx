import Link from "next/link";
import { Eye, FileText } from "lucide-react";
import { IdeaStatusBadge } from "@/components/ideas/idea-status-badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { CreateShareForm } from "@/components/share/create-share-form";
import { ShareLinks } from "@/components/share/share-links";
import { OwnerComments } from "@/components/share/owner-comments";
import { ActivityTimeline } from "@/components/share/activity-timeline";
import { EvidencePackButton } from "@/components/evidence/evidence-pack-button";
import { TraceLeakDialog } from "@/components/share/trace-leak-dialog";
import { queryKeys } from "@/client/query-client";
import { readingUnitOf } from "@/components/share/reading";
import type { IdeaStatusValue } from "@/client/types";

/** The idea's kind as the server stores it: a PDF is read (and its reading time shown) in pages, others in sections. */
type IdeaKindValue = "html" | "pdf" | "canvas" | "other";

export type ShareScreenIdea = { id: number; title: string; status: IdeaStatusValue; kind: IdeaKindValue; version: number | null };

/** /share/{id} below the header: the idea, its links (with their recipients), the form for a new one, the comments and the activity. */
export function ShareScreen({ idea }: { idea: ShareScreenIdea }) {
  const published = idea.status === "published";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden="true" className="text-brand size-5 shrink-0" />
        <h2 className="min-w-0 text-xl font-semibold break-words sm:text-2xl">{idea.title.trim() || "Untitled Idea"}</h2>
        <IdeaStatusBadge published={published} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {published ? <EvidencePackButton target={{ ideaId: idea.id }} className="flex-row-reverse" /> : null}
          {idea.kind === "pdf" ? <TraceLeakDialog ideaId={idea.id} /> : null}
          <Link href={`/share/${idea.id}/preview`} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Eye aria-hidden="true" />
            Preview as recipient
          </Link>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card className="min-w-0 py-4 sm:py-6">
          <CardContent className="px-4 sm:px-6">
            <ShareLinks target={{ ideaId: idea.id }} unit={readingUnitOf(idea.kind)} />
          </CardContent>
        </Card>
        <Card className="min-w-0 py-4 sm:py-6">
          <CardContent className="px-4 sm:px-6">
            <CreateShareForm target={{ ideaId: idea.id }} version={idea.version} />
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card className="min-w-0 py-4 sm:py-6">
          <CardContent className="px-4 sm:px-6">
            <OwnerComments ideaId={idea.id} />
          </CardContent>
        </Card>
        <Card className="min-w-0 py-4 sm:py-6">
          <CardContent className="px-4 sm:px-6">
            <ActivityTimeline queryKey={queryKeys.activity(idea.id)} csvUrl={`/api/ideas/${idea.id}/activity.csv`} sharesKey={queryKeys.shares(idea.id)} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
