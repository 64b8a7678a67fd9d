import { againstBaseline, formatTable, median, observedFirstFrame, runFromReport, summarize, withinBudget, type LighthouseRun } from "@/scripts/lighthouse-stats";

/** scripts/lighthouse-stats.ts: the figures `npm run lighthouse` reports. */
const run = (score: number, tbt: number, lcp = 2000): LighthouseRun => ({ score, tbt, lcp, fcp: 900, cls: 0.01, si: 1500 });

function report(score: number | null, audits: Record<string, number>) {
  return {
    categories: { performance: { score } },
    audits: Object.fromEntries(Object.entries(audits).map(([id, numericValue]) => [id, { numericValue }])),
  };
}

const ALL_METRICS = {
  "total-blocking-time": 150.4,
  "largest-contentful-paint": 2100,
  "first-contentful-paint": 800,
  "cumulative-layout-shift": 0.002,
  "speed-index": 1200,
};

describe("median", () => {
  it("takes the middle value of an odd count, whatever the order", () => {
    expect(median([300, 100, 200])).toBe(200);
  });

  it("averages the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("refuses no values", () => {
    expect(() => median([])).toThrow("median of no values");
  });
});

describe("runFromReport", () => {
  it("reads the score as 0-100 and the metrics' numeric values", () => {
    expect(runFromReport(report(0.964, ALL_METRICS))).toEqual({ score: 96, tbt: 150.4, lcp: 2100, fcp: 800, cls: 0.002, si: 1200 });
  });

  it("refuses a run Lighthouse could not score", () => {
    expect(() => runFromReport(report(null, ALL_METRICS))).toThrow("no performance score");
    expect(() => runFromReport({ ...report(0.9, ALL_METRICS), runtimeError: { code: "NO_FCP", message: "no paint" } })).toThrow("NO_FCP");
  });

  it("refuses a report without one of the metrics", () => {
    const { "speed-index": _, ...rest } = ALL_METRICS;
    expect(() => runFromReport(report(0.9, rest))).toThrow("speed-index");
  });
});

describe("observedFirstFrame", () => {
  it("reads when Chrome showed the first frame and when the DOM was ready", () => {
    const metrics = { details: { items: [{ observedFirstPaint: 1334.2, observedDomContentLoaded: 393.8, firstContentfulPaint: 868 }] } };
    expect(observedFirstFrame({ audits: { ...report(0.85, ALL_METRICS).audits, metrics } })).toEqual({ firstPaint: 1334.2, domContentLoaded: 393.8 });
  });

  it("answers null when the report lacks them (an older Lighthouse), rather than a made-up time", () => {
    expect(observedFirstFrame(report(0.9, ALL_METRICS))).toBeNull();
    expect(observedFirstFrame({ audits: { metrics: { details: { items: [{ observedFirstPaint: 120 }] } } } })).toBeNull();
  });
});

describe("summarize and the budget", () => {
  const blank = summarize("blank Next page", [run(93, 300), run(92, 320), run(94, 280)]);

  it("gives each metric's median and the spread of score and TBT", () => {
    const row = summarize("/", [run(97, 120, 2500), run(93, 310, 2100), run(96, 150, 2200)], [3.1, 4.2]);
    expect(row).toMatchObject({ page: "/", runs: 3, score: 96, scoreMin: 93, scoreMax: 97, tbt: 150, tbtMin: 120, tbtMax: 310, lcp: 2200, load: [3.1, 4.2] });
    expect(withinBudget(row, blank)).toBe(true);
  });

  it("holds a page to TBT at most 1.2x the blank page's and a score at most 3 below it", () => {
    expect(againstBaseline(summarize("/", [run(90, 360)]), blank)).toEqual({ tbtRatio: 1.2, scoreDelta: -3 });
    expect(withinBudget(summarize("/", [run(90, 360)]), blank)).toBe(true);
    expect(withinBudget(summarize("/", [run(89, 200)]), blank)).toBe(false);
    expect(withinBudget(summarize("/", [run(99, 361)]), blank)).toBe(false);
  });

  it("keeps the ratio finite against a blank page that blocked for 0 ms", () => {
    const idle = summarize("blank Next page", [run(100, 0)]);
    expect(againstBaseline(summarize("/", [run(100, 1)]), idle).tbtRatio).toBe(1);
    expect(withinBudget(summarize("/", [run(100, 5)]), idle)).toBe(false);
  });
});

describe("formatTable", () => {
  it("prints the blank page, then one Markdown row per page with units, spread, comparison and verdict", () => {
    const blank = summarize("blank Next page", [run(94, 100), run(93, 110), run(95, 105)], [1, 1.5]);
    const table = formatTable(
      [summarize("/login", [run(97, 120), run(98, 130), run(96, 110)], [2, 3.5]), summarize("/document/{token}", [run(90, 400)])],
      blank,
    ).split("\n");
    expect(table).toHaveLength(5);
    expect(table[0]).toMatch(/^\| page \| runs \| performance/);
    expect(table[2]).toBe("| blank Next page | 3 | 94 (93–95) | 105 ms (100–110) | 2.00 s | 0.90 s | 0.010 | 1.50 s | 1.0→1.5 | baseline | – |");
    expect(table[3]).toBe("| /login | 3 | 97 (96–98) | 120 ms (110–130) | 2.00 s | 0.90 s | 0.010 | 1.50 s | 2.0→3.5 | TBT ×1.14, score +3 | ok |");
    expect(table[4]).toBe("| /document/{token} | 1 | 90 | 400 ms | 2.00 s | 0.90 s | 0.010 | 1.50 s | – | TBT ×3.81, score -4 | OVER |");
  });
});
