/**
 * What reading time is counted in (lib/domain/engagement/document.ts fixes N by the same rule): a PDF idea's pages,
 * an HTML idea's sections (lib/domain/ideas/sections.ts), and the one section of a canvas or anything else. Client-safe.
 */
export type ReadingUnit = "page" | "section";

export function readingUnitOf(kind: "html" | "pdf" | "canvas" | "other"): ReadingUnit {
  return kind === "pdf" ? "page" : "section";
}
