import { Check, CircleDot } from "lucide-react";

/** 'Saved' / 'Unsaved changes' beside the title, announced politely as it changes. */
export function SaveStatus({ isNew, dirty }: { isNew: boolean; dirty: boolean }) {
  const text = dirty ? "Unsaved changes" : isNew ? "Not saved yet" : "Saved";
  return (
    <p role="status" aria-live="polite" data-save-status className="text-muted-foreground flex items-center gap-1.5 text-sm">
      {dirty || isNew ? (
        <CircleDot aria-hidden="true" className="size-3.5 text-amber-600" />
      ) : (
        <Check aria-hidden="true" className="size-3.5 text-emerald-600" />
      )}
      {text}
    </p>
  );
}
