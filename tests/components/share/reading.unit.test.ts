import { formatReadingTime, linkReadingSummary, pagesReadText, recipientReading } from "@/components/share/reading";

const view = (totalMs: number, pageCount: number | null, pages: [number, number][]) => ({
  viewedAt: "2026-11-23T10:00:00.000Z",
  ip: null,
  device: "Unknown device",
  engagement: { totalMs, pageCount, pages: pages.map(([n, ms]) => ({ n, ms })) },
  version: null,
});

describe("the share screen's reading time", () => {
  test("adds up a recipient's views page by page; a page is read when it has any time", () => {
    const reading = recipientReading({ views: [view(5000, 6, [[1, 2000], [3, 3000]]), view(4000, 6, [[3, 1000], [2, 3000]])] });
    expect(reading).toEqual({ totalMs: 9000, pageCount: 6, pagesRead: 3, pages: [{ n: 1, ms: 2000 }, { n: 2, ms: 3000 }, { n: 3, ms: 4000 }] });
    expect(pagesReadText(reading, "page")).toBe("pages read: 3 of 6");
    expect(pagesReadText(recipientReading({ views: [view(0, 4, [])] }), "section")).toBe("sections read: 0 of 4");
    expect(pagesReadText(recipientReading({ views: [] }), "page")).toBe("pages read: 0");
  });

  test("formats durations the way the owner reads them", () => {
    expect(formatReadingTime(0)).toBe("0 s");
    expect(formatReadingTime(45_400)).toBe("45 s");
    expect(formatReadingTime(252_000)).toBe("4 min 12 s");
    expect(formatReadingTime(3_780_000)).toBe("1 h 3 min");
  });

  test("summarises a link: opened, read half, read all", () => {
    const recipients = [
      { views: [] },
      { views: [view(1000, 4, [[1, 1000]])] },
      { views: [view(2000, 4, [[1, 1000], [2, 1000]])] },
      { views: [view(4000, 4, [[1, 1000], [2, 1000], [3, 1000], [4, 1000]])] },
      { views: [view(0, null, [])] },
    ];
    expect(linkReadingSummary(recipients)).toEqual({ opened: 4, half: 2, all: 1, text: "4 opened · 2 read half · 1 read all" });
  });
});
