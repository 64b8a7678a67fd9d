/** A visit's reading time on one page (or section), as GET /api/ideas/{id}/visits and the visit-ended mail give it. Client-safe. */
export type VisitPage = { n: number; ms: number };

/** The `count` pages a visit spent most time on, most first (ties: the earlier page). */
export function mostReadPages(pages: readonly VisitPage[], count = 3): VisitPage[] {
  return [...pages].sort((a, b) => b.ms - a.ms || a.n - b.n).slice(0, count);
}
