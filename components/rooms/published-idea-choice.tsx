"use client";

import { useId } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { IdeaListItem } from "@/client/types";

/** Check boxes over the owner's published ideas (a draft cannot go into a room); `chosen` keeps the order of choosing. */
export function PublishedIdeaChoice({
  ideas,
  loading,
  chosen,
  onChange,
  disabled,
}: {
  ideas: Pick<IdeaListItem, "id" | "title" | "version">[];
  loading: boolean;
  chosen: number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
}) {
  const legendId = useId();
  if (loading) return <Spinner label="Loading your ideas..." />;
  return (
    <fieldset aria-labelledby={legendId} className="space-y-2">
      <legend id={legendId} className="text-sm font-medium">
        Published ideas
      </legend>
      {ideas.length === 0 ? (
        <p className="text-muted-foreground text-sm">No published ideas yet. Publish an idea to add it to a room.</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border p-2">
          {ideas.map((idea) => {
            const checked = chosen.includes(idea.id);
            return (
              <li key={idea.id}>
                <label className="hover:bg-muted/50 flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-current"
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onChange(checked ? chosen.filter((id) => id !== idea.id) : [...chosen, idea.id])}
                  />
                  <span className="min-w-0 flex-1 break-words">{idea.title.trim() || "Untitled Idea"}</span>
                  {idea.version ? <span className="text-muted-foreground text-xs">v{idea.version}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
