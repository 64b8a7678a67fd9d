import { Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { IdeaCardHeading } from "@/components/dashboard/idea-card";
import type { SharedWithMeItem } from "@/client/types";

/** An idea someone shared with this account by e-mail: opens the recipient view of its link (/view/{token}). */
export function SharedIdeaCard({ item }: { item: SharedWithMeItem }) {
  const title = item.title.trim() || "Untitled Idea";
  const sharedAt = new Date(item.sharedAt);
  const valid = !Number.isNaN(sharedAt.getTime());

  return (
    <Card className="hover:border-brand/40 gap-3 py-4 transition-colors">
      {/* Not prefetched: the recipient view is a stranger's page, fetched only when opened. */}
      <IdeaCardHeading icon={Users} href={`/view/${item.accessLink}`} prefetch={false} id={item.ideaId} title={title} />
      <div className="text-muted-foreground flex min-w-0 flex-wrap items-center gap-x-2 px-4 text-sm">
        <span className="min-w-0 break-words">Shared by {item.sharerName}</span>
        {valid ? (
          <>
            <span aria-hidden="true">·</span>
            <LocalTime value={item.sharedAt} dateOnly />
            <LocalTime value={item.sharedAt} dateOnly />
          </>
        ) : null}
      </div>
    </Card>
  );
}
