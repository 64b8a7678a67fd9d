import { Check, CircleAlert, CircleDot, CloudOff, LoaderCircle } from "lucide-react";

import type { AutosaveState } from "@/components/editor/use-idea-editor";
import { cn } from "@/client/utils";

export const SAVING_TEXT = "Saving…";
export const OFFLINE_TEXT = "Offline — changes will be saved when you reconnect";
export const NOT_SAVED_PREFIX = "Not saved:";
export const FAILED_TEXT = "Not saved: the server did not answer. Your changes will be saved with your next edit.";

/**
 * Beside the title: 'Saved', 'Unsaved changes' while an edit waits for autosave, 'Saving…', and why an edit could
 * not be saved (offline, or the server's own refusal). Announced politely as it changes.
 */
export function SaveStatus({ isNew, dirty, autosave }: { isNew: boolean; dirty: boolean; autosave: AutosaveState }) {
  let text: string;
  let tone: "ok" | "waiting" | "busy" | "problem" | "offline";
  if (autosave.kind === "saving") {
    text = SAVING_TEXT;
    tone = "busy";
  } else if (dirty && autosave.kind === "offline") {
    text = OFFLINE_TEXT;
    tone = "offline";
  } else if (dirty && autosave.kind === "refused") {
    text = `${NOT_SAVED_PREFIX} ${autosave.message}`;
    tone = "problem";
  } else if (dirty && autosave.kind === "failed") {
    text = FAILED_TEXT;
    tone = "problem";
  } else if (dirty) {
    text = "Unsaved changes";
    tone = "waiting";
  } else if (isNew) {
    text = "Not saved yet";
    tone = "waiting";
  } else {
    text = "Saved";
    tone = "ok";
  }
  const icon = {
    ok: <Check aria-hidden="true" className="size-3.5 shrink-0 text-emerald-600" />,
    waiting: <CircleDot aria-hidden="true" className="size-3.5 shrink-0 text-amber-600" />,
    busy: <LoaderCircle aria-hidden="true" className="size-3.5 shrink-0 animate-spin motion-reduce:animate-none" />,
    problem: <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />,
    offline: <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />,
  }[tone];
  return (
    <p
      role="status"
      aria-live="polite"
      data-save-status
      data-state={tone}
      className={cn(
        "flex items-center gap-1.5 text-sm",
        tone === "problem" ? "text-destructive" : tone === "offline" ? "text-amber-800" : "text-muted-foreground",
      )}
    >
      {icon}
      {text}
    </p>
  );
}
