import Link from "next/link";
import { Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { SharedWithMeItem } from "@/lib/client/types";

/** An idea someone shared with this account by e-mail: opens the recipient view of its link (/view/{token}). */
export function SharedIdeaCard({ item }: { item: SharedWithMeItem }) {
  const title = item.title.trim() || "Untitled Idea";
  const sharedAt = new Date(item.sharedAt);
  const valid = !Number.isNaN(sharedAt.getTime());

  return (
    <Card className="hover:border-brand/40 gap-3 py-4 transition-colors">
      <div className="flex items-start gap-3 px-4">
        <Users aria-hidden="true" className="text-brand mt-0.5 size-5 shrink-0" />
        <h3 className="min-w-0 flex-1 font-semibold break-words">
          <Link
            href={`/view/${item.accessLink}`}
            prefetch={false}
            className="focus-visible:ring-ring/50 rounded-sm outline-none hover:underline focus-visible:ring-[3px]"
          >
            Idea ({item.ideaId}) : {title}
          </Link>
        </h3>
      </div>
      <div className="text-muted-foreground flex min-w-0 flex-wrap items-center gap-x-2 px-4 text-sm">
        <span className="min-w-0 break-words">Shared by {item.sharerName}</span>
        {valid ? (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={sharedAt.toISOString()}>{sharedAt.toLocaleDateString()}</time>
          </>
        ) : null}
      </div>
    </Card>
  );
}
