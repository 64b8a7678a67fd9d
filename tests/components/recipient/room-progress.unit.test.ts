import { progressShare, progressText, withOpened, withReport } from "@/components/recipient/room-progress";

describe("a room recipient's own progress", () => {
  test("reports add up: pages counted once, time added, pages without time ignored", () => {
    let progress = withReport({}, 7, [{ n: 1, ms: 3000 }, { n: 2, ms: 0 }]);
    progress = withReport(progress, 7, [{ n: 3, ms: 1000 }, { n: 1, ms: 500 }]);
    expect(progress).toEqual({ 7: { pages: [1, 3], ms: 4500 } });
    expect(withReport(progress, 8, [{ n: 1, ms: 0 }])).toBe(progress);
  });

  test("an idea opened has an entry before any time is counted, and keeps what was read", () => {
    const opened = withOpened({}, 7);
    expect(opened).toEqual({ 7: { pages: [], ms: 0 } });
    const read = withReport(opened, 7, [{ n: 2, ms: 800 }]);
    expect(withOpened(read, 7)).toBe(read);
    expect(withReport(withOpened(read, 8), 8, [{ n: 1, ms: 0 }])).toEqual({ 7: { pages: [2], ms: 800 }, 8: { pages: [], ms: 0 } });
  });

  test("says what is read, in the idea's unit", () => {
    expect(progressText(undefined, 3, "page")).toBe("Not opened yet");
    expect(progressText({ pages: [], ms: 0 }, 3, "page")).toBe("Opened");
    expect(progressText({ pages: [9], ms: 1 }, 3, "page")).toBe("Opened");
    expect(progressText({ pages: [1, 2], ms: 1 }, 3, "page")).toBe("2 of 3 pages read");
    expect(progressText({ pages: [1, 2, 3], ms: 1 }, 3, "section")).toBe("Read");
    expect(progressText({ pages: [1], ms: 1 }, null, "section")).toBe("1 section read");
    expect(progressShare({ pages: [1, 2, 9], ms: 1 }, 4)).toBe(0.5);
    expect(progressShare(undefined, 4)).toBe(0);
  });
});
