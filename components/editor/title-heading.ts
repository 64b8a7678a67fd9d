import { templateHeading } from "@/lib/domain/ideas/default-template";

/**
 * A new idea's first heading follows its title while the heading still reads what the title last gave it; once
 * the user edits the heading it is theirs and is left alone. `generated` is the text the title last gave it.
 * Returns the heading's new text, or null when it should not change.
 */
export function followTitle(heading: string, generated: string, title: string): string | null {
  if (heading !== generated) return null;
  const next = templateHeading(title);
  return next === heading ? null : next;
}
