import { applyPortfolioFilters, DEFAULT_FILTERS, isFiltered } from "@/components/dashboard/portfolio-filters";

const idea = (id: number, title: string, status: "draft" | "published", lastModified: string, blockchainTimestamp: string | null = null) => ({
  id,
  title,
  status,
  lastModified,
  blockchainTimestamp,
});

const ideas = [
  idea(1, "Solar kettle", "published", "2026-11-01T10:00:00Z", "2026-11-01T12:00:00Z"),
  idea(2, "Café robot", "draft", "2026-11-20T10:00:00Z"),
  idea(3, "wind umbrella", "draft", "2026-11-10T10:00:00Z"),
  idea(12, "Balloon mail", "published", "2026-11-15T10:00:00Z", "2026-11-15T11:00:00Z"),
];
const ids = (list: { id: number }[]) => list.map((i) => i.id);

describe("dashboard search, filter and sort", () => {
  it("lists everything newest first by the date the card shows", () => {
    expect(ids(applyPortfolioFilters(ideas, DEFAULT_FILTERS))).toEqual([2, 12, 3, 1]);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
  });

  it("searches titles regardless of case and accents, or by the idea's number", () => {
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, query: "CAFE" }))).toEqual([2]);
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, query: " umbr " }))).toEqual([3]);
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, query: "12" }))).toEqual([12]);
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, query: "Idea (1)" }))).toEqual([1]);
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, query: "nothing like it" }))).toEqual([]);
    expect(isFiltered({ ...DEFAULT_FILTERS, query: "x" })).toBe(true);
  });

  it("filters by status and sorts oldest first or by title", () => {
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, status: "published" }))).toEqual([12, 1]);
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, status: "draft", sort: "oldest" }))).toEqual([3, 2]);
    expect(ids(applyPortfolioFilters(ideas, { ...DEFAULT_FILTERS, sort: "title" }))).toEqual([12, 2, 1, 3]);
  });
});
