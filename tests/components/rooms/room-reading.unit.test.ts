import { DEFAULT_READING_SORT, ideasOpened, nextSort, readingCell, shareReadText, sortReading, totalMs, type ReadingRecipient } from "@/components/rooms/room-reading";

const recipient = (name: string, items: [number, number, number][]): ReadingRecipient => ({
  recipientId: name,
  name,
  email: `${name.toLowerCase()}@example.com`,
  items: items.map(([ideaId, ms, pagesRead]) => ({ ideaId, ms, pagesRead, pageCount: 4 })),
});

const ada = recipient("Ada", [[1, 60_000, 4], [2, 5_000, 1]]);
const bob = recipient("bob", [[2, 90_000, 2], [3, 0, 0]]);
const cy = recipient("Cy", []);

describe("the room's reading table", () => {
  test("an idea not opened is absent or has no time", () => {
    expect(readingCell(ada, 1)).toMatchObject({ ms: 60_000, pagesRead: 4 });
    expect(readingCell(bob, 3)).toBeNull();
    expect(readingCell(cy, 1)).toBeNull();
    expect(ideasOpened(bob, [1, 2, 3])).toBe(1);
    expect(totalMs(ada)).toBe(65_000);
  });

  test("the share read is a percentage of the idea's pages", () => {
    expect(shareReadText({ pagesRead: 1, pageCount: 4 })).toBe("25 %");
    expect(shareReadText({ pagesRead: 5, pageCount: 4 })).toBe("100 %");
    expect(shareReadText({ pagesRead: 2, pageCount: null })).toBe("2 read");
  });

  test("sorts by name, by one idea's time and by the total, either way, ties by name", () => {
    const names = (sort: Parameters<typeof sortReading>[1]) => sortReading([bob, cy, ada], sort).map((r) => r.name);
    expect(names(DEFAULT_READING_SORT)).toEqual(["Ada", "bob", "Cy"]);
    expect(names({ column: { kind: "name" }, direction: "descending" })).toEqual(["Cy", "bob", "Ada"]);
    expect(names({ column: { kind: "idea", ideaId: 2 }, direction: "descending" })).toEqual(["bob", "Ada", "Cy"]);
    expect(names({ column: { kind: "idea", ideaId: 1 }, direction: "ascending" })).toEqual(["bob", "Cy", "Ada"]);
    expect(names({ column: { kind: "total" }, direction: "descending" })).toEqual(["bob", "Ada", "Cy"]);
  });

  test("a header pressed again turns the direction round; a new time column starts with the longest", () => {
    const byIdea = nextSort(DEFAULT_READING_SORT, { kind: "idea", ideaId: 2 });
    expect(byIdea).toEqual({ column: { kind: "idea", ideaId: 2 }, direction: "descending" });
    expect(nextSort(byIdea, { kind: "idea", ideaId: 2 }).direction).toBe("ascending");
    expect(nextSort(byIdea, { kind: "idea", ideaId: 3 }).direction).toBe("descending");
    expect(nextSort(DEFAULT_READING_SORT, { kind: "name" }).direction).toBe("descending");
  });
});
