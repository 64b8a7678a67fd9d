import { Badge } from "@/components/ui/badge";
import { cn } from "@/client/utils";

/**
 * The one Published / Draft badge (dashboard cards, editor, share screen), so the states look the same everywhere.
 * Emerald-700 with white text is 5.5:1; emerald-600 was 3.65:1, under WCAG AA.
 */
export function IdeaStatusBadge({ published, className }: { published: boolean; className?: string }) {
  return (
    <Badge
      variant={published ? "default" : "secondary"}
      data-status={published ? "published" : "draft"}
      className={cn(published && "bg-emerald-700 text-white", className)}
    >
      {published ? "Published" : "Draft"}
    </Badge>
  );
}
