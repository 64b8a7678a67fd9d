import { createReadingClock, IDLE_MS } from "@/client/reading-clock";

describe("reading clock", () => {
  it("counts time per page only while that page is half on screen", () => {
    const clock = createReadingClock(0);
    clock.inView(1, 0);
    clock.input(1_000);
    clock.inView(2, 5_000);
    clock.inView(null, 8_000); // scrolled away: nothing counts
    clock.inView(2, 10_000);
    expect(clock.take(12_000)).toEqual([
      { n: 1, ms: 5_000 },
      { n: 2, ms: 5_000 },
    ]);
  });

  it("take() empties the totals; nothing in view sends nothing", () => {
    const clock = createReadingClock(0);
    clock.inView(3, 0);
    expect(clock.take(15_000)).toEqual([{ n: 3, ms: 15_000 }]);
    expect(clock.take(15_000)).toEqual([]);
    clock.inView(null, 15_000);
    expect(clock.take(30_000)).toEqual([]);
  });

  it("stops while the tab is hidden", () => {
    const clock = createReadingClock(0);
    clock.inView(1, 0);
    clock.visible(false, 2_000);
    clock.input(3_000);
    clock.visible(true, 9_000);
    expect(clock.take(10_000)).toEqual([{ n: 1, ms: 3_000 }]);
  });

  it(`pauses ${IDLE_MS / 1000} s after the last input and resumes on the next`, () => {
    const clock = createReadingClock(0);
    clock.inView(1, 0);
    clock.input(10_000);
    // Idle from 70 s on: the next five minutes count nothing.
    expect(clock.take(400_000)).toEqual([{ n: 1, ms: 70_000 }]);
    clock.input(400_000);
    expect(clock.take(405_000)).toEqual([{ n: 1, ms: 5_000 }]);
  });

  it("a page turn is input: the new page counts from the turn", () => {
    const clock = createReadingClock(0, 1_000);
    clock.inView(1, 0);
    clock.input(5_000);
    clock.inView(2, 5_000);
    expect(clock.take(5_500)).toEqual([
      { n: 1, ms: 1_000 },
      { n: 2, ms: 500 },
    ]);
  });
});
