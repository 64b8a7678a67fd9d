import Link from "next/link";
import { IntentLink } from "@/components/ui/intent-link";
import { FileText, Share2, type LucideIcon } from "lucide-react";
import { IdeaStatusBadge } from "@/components/ideas/idea-status-badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DeleteIdeaDialog } from "@/components/dashboard/delete-idea-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { plural } from "@/components/share/evidence-format";
import type { IdeaListItem } from "@/client/types";
import { TimestampStatus } from "@/components/timestamps/timestamp-status";

/** '3 views · 2 recipients', '1 view · 1 recipient'. */
export function ideaReachText(idea: Pick<IdeaListItem, "viewCount" | "recipientCount">): string {
  return `${plural(idea.viewCount, "view")} · ${plural(idea.recipientCount, "recipient")}`;
}

const HEADING_LINK_CLASS = "focus-visible:ring-ring/50 rounded-sm outline-none hover:underline focus-visible:ring-[3px]";

/** The first line of every portfolio card: an icon and the spec's 'Idea (id) : title', linking to `href`. */
export function IdeaCardHeading({ icon: Icon, href, id, title, prefetch }: { icon: LucideIcon; href: string; id: number; title: string; prefetch?: boolean }) {
  return (
    <div className="flex items-start gap-3 px-4">
      <Icon aria-hidden="true" className="text-brand mt-0.5 size-5 shrink-0" />
      <h3 className="min-w-0 flex-1 font-semibold break-words">
        {prefetch === false ? (
          <Link href={href} prefetch={false} className={HEADING_LINK_CLASS}>
            Idea ({id}) : {title}
          </Link>
        ) : (
          // The editor's code comes when the card is pointed at or focused, not with the portfolio.
          <IntentLink href={href} className={HEADING_LINK_CLASS}>
            Idea ({id}) : {title}
          </IntentLink>
        )}
      </h3>
    </div>
  );
}

type IdeaCardProps = { idea: IdeaListItem; onDeleted?: () => void | Promise<void> };

/** A draft or published idea: opens the editor; share link; drafts can also be deleted. */
export function IdeaCard({ idea, onDeleted }: IdeaCardProps) {
  const title = idea.title.trim() || "Untitled Idea";
  const published = idea.status === "published";
  const reach = ideaReachText(idea);

  return (
    <Card className="hover:border-brand/40 gap-3 py-4 transition-colors">
      <IdeaCardHeading icon={FileText} href={`/editor/${idea.id}`} id={idea.id} title={title} />
      <div className="flex items-center justify-between gap-2 px-4">
        <div className="text-muted-foreground flex min-w-0 flex-wrap items-center gap-2 text-sm">
          <LocalTime value={idea.blockchainTimestamp || idea.lastModified} dateOnly="short" />
          <IdeaStatusBadge published={published} />
          {idea.version ? (
            <span className="rounded-md border px-1.5 py-0.5 text-xs font-medium" title={`Version ${idea.version}${idea.hasDraft ? ", a next version is being written" : ""}`} data-testid="idea-version">
              v{idea.version}
            </span>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center">
          <Button asChild variant="ghost" size="icon" className="text-muted-foreground hover:text-foreground">
            <IntentLink href={`/share/${idea.id}`} aria-label="Share" title="Share">
              <Share2 aria-hidden="true" />
            </IntentLink>
          </Button>
          {published ? null : <DeleteIdeaDialog id={idea.id} title={title} onDeleted={onDeleted} />}
        </div>
      </div>
      <p className="text-muted-foreground px-4 text-sm" data-testid="idea-reach">
        {reach}
      </p>
      {published && idea.timestamp ? <TimestampStatus timestamp={idea.timestamp} className="px-4" /> : null}
    </Card>
  );
}
