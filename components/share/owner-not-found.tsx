import Link from "next/link";
import { SearchX } from "lucide-react";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { Button } from "@/components/ui/button";

/** The owner's screens' 404 ('Idea not found', 'Room not found'): unknown, deleted or another creator's, one answer. */
export function OwnerNotFound({ heading, frameTitle }: { heading: string; frameTitle?: string }) {
  return (
    <SharePageFrame title={frameTitle}>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <SearchX aria-hidden="true" className="text-muted-foreground size-10" />
        <h2 className="text-xl font-semibold">{heading}</h2>
        <p className="text-muted-foreground max-w-sm text-sm">It may have been deleted, or the link belongs to another account.</p>
        <Button asChild>
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    </SharePageFrame>
  );
}
