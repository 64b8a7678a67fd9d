import type { IdeaListItem } from "@/client/types";

/** The dashboard's search, status filter and sort, applied in the browser to the list it loaded. */
export type PortfolioStatusFilter = "all" | "draft" | "published";
export type PortfolioSort = "newest" | "oldest" | "title";
export type PortfolioFilters = { query: string; status: PortfolioStatusFilter; sort: PortfolioSort };

export const DEFAULT_FILTERS: PortfolioFilters = { query: "", status: "all", sort: "newest" };

export const STATUS_OPTIONS: { value: PortfolioStatusFilter; label: string }[] = [
  { value: "all", label: "All ideas" },
  { value: "draft", label: "Drafts" },
  { value: "published", label: "Published" },
];

export const SORT_OPTIONS: { value: PortfolioSort; label: string }[] = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "title", label: "Title A–Z" },
];

/** The date a card shows: the blockchain timestamp once there is one, else the last change. */
function shownTime(idea: Pick<IdeaListItem, "blockchainTimestamp" | "lastModified">) {
  const t = new Date(idea.blockchainTimestamp || idea.lastModified).getTime();
  return Number.isNaN(t) ? 0 : t;
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** Folds case and accents so 'cafe' finds 'Café'. */
function fold(s: string) {
  return s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The ideas the filters let through, in their order. The search matches the title (case and accents aside) or the
 * idea's number ('12' or 'Idea (12)').
 */
export function applyPortfolioFilters<T extends Pick<IdeaListItem, "id" | "title" | "status" | "blockchainTimestamp" | "lastModified">>(ideas: T[], filters: PortfolioFilters): T[] {
  const query = fold(filters.query.trim());
  const idQuery = /^(?:idea\s*\(?\s*)?(\d+)\)?$/.exec(query)?.[1];
  const kept = ideas.filter((idea) => {
    if (filters.status === "published" && idea.status !== "published") return false;
    if (filters.status === "draft" && idea.status === "published") return false;
    if (!query) return true;
    return fold(idea.title).includes(query) || (idQuery !== undefined && String(idea.id) === idQuery);
  });
  const byTitle = (a: T, b: T) => collator.compare(a.title.trim(), b.title.trim()) || b.id - a.id;
  const sorted = [...kept];
  if (filters.sort === "title") sorted.sort(byTitle);
  else if (filters.sort === "oldest") sorted.sort((a, b) => shownTime(a) - shownTime(b) || a.id - b.id);
  else sorted.sort((a, b) => shownTime(b) - shownTime(a) || b.id - a.id);
  return sorted;
}

export function isFiltered(filters: PortfolioFilters) {
  return filters.query.trim() !== "" || filters.status !== "all";
}
