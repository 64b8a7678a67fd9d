/**
 * The figures `npm run lighthouse` reports (scripts/lighthouse.ts): one row per page from several Lighthouse runs,
 * each metric's median (Lighthouse's own advice for variable runs), the spread of the score and of total blocking
 * time (the metric a busy machine moves most), and the budget.
 *
 * The budget is relative to a blank Next.js page measured in the same session, interleaved with ours: an absolute
 * score on a 2-core machine mostly measures the machine (a blank page of the same Next scores 91–94 here).
 */

/** One Lighthouse run's figures: score 0–100, times in ms, CLS unitless. */
export type LighthouseRun = { score: number; tbt: number; lcp: number; fcp: number; cls: number; si: number };

export type LighthouseRow = {
  page: string;
  runs: number;
  score: number;
  scoreMin: number;
  scoreMax: number;
  tbt: number;
  tbtMin: number;
  tbtMax: number;
  lcp: number;
  fcp: number;
  cls: number;
  si: number;
  /** Load average (1 min) of the machine around the runs. */
  load: number[];
};

/** Total blocking time at most 1.2× the blank page's, and a performance score at most 3 below it (medians). */
export const BUDGET = { tbtRatio: 1.2, scoreBelow: 3 } as const;

export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

type Lhr = {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { code: string; message: string };
};

/** The figures of one Lighthouse result (its JSON report); a run Lighthouse could not score is an error. */
export function runFromReport(lhr: Lhr): LighthouseRun {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error("Lighthouse gave no performance score");
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse report has no ${id}`);
    return value;
  };
  return {
    score: Math.round(score * 100),
    tbt: metric("total-blocking-time"),
    lcp: metric("largest-contentful-paint"),
    fcp: metric("first-contentful-paint"),
    cls: metric("cumulative-layout-shift"),
    si: metric("speed-index"),
  };
}

/**
 * When the page's first frame reached the screen, and when its DOM was ready, as Chrome observed them (not simulated).
 * Lighthouse's simulated LCP counts every script that was evaluated before the observed LCP paint as holding that
 * paint back, so a first frame that comes late on this machine costs the score all of the page's scripts. Headless
 * Chromium here sometimes holds a page's first frame until a ~1 s tick (observed 1.2 s or 2.2 s, long after the DOM
 * was ready, with every thread idle), when a render-blocking stylesheet delays the first paint; the blank page has no
 * stylesheet. The run's log shows both figures, so a run hit by that hold can be told from one that was simply slow.
 */
export function observedFirstFrame(lhr: { audits: Record<string, unknown> }): { firstPaint: number; domContentLoaded: number } | null {
  const item = (lhr.audits.metrics as { details?: { items?: Record<string, unknown>[] } } | undefined)?.details?.items?.[0];
  const firstPaint = item?.observedFirstPaint;
  const domContentLoaded = item?.observedDomContentLoaded;
  return typeof firstPaint === "number" && typeof domContentLoaded === "number" ? { firstPaint, domContentLoaded } : null;
}

export function summarize(page: string, runs: LighthouseRun[], load: number[] = []): LighthouseRow {
  const of = (k: keyof LighthouseRun) => runs.map((r) => r[k]);
  return {
    page,
    runs: runs.length,
    score: median(of("score")),
    scoreMin: Math.min(...of("score")),
    scoreMax: Math.max(...of("score")),
    tbt: median(of("tbt")),
    tbtMin: Math.min(...of("tbt")),
    tbtMax: Math.max(...of("tbt")),
    lcp: median(of("lcp")),
    fcp: median(of("fcp")),
    cls: median(of("cls")),
    si: median(of("si")),
    load,
  };
}

/** How a page compares with the blank page: its TBT as a multiple of the blank's, and its score's difference. */
export function againstBaseline(row: LighthouseRow, baseline: LighthouseRow) {
  // A blank page can block for 0 ms under no load; 1 ms keeps the ratio finite and honest.
  return { tbtRatio: row.tbt / Math.max(baseline.tbt, 1), scoreDelta: row.score - baseline.score };
}

export function withinBudget(row: LighthouseRow, baseline: LighthouseRow): boolean {
  const { tbtRatio, scoreDelta } = againstBaseline(row, baseline);
  return tbtRatio <= BUDGET.tbtRatio && scoreDelta >= -BUDGET.scoreBelow;
}

const ms = (n: number) => `${Math.round(n)} ms`;
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
const spread = (min: number, max: number, fmt: (n: number) => string) => (min === max ? "" : ` (${fmt(min)}–${fmt(max)})`);

/** A Markdown table (it goes into the note as it is printed): the blank page first, then each page against it. */
export function formatTable(rows: LighthouseRow[], baseline: LighthouseRow): string {
  const lines = [
    "| page | runs | performance (min–max) | TBT (min–max) | LCP | FCP | CLS | Speed Index | load avg | vs blank page | budget |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of [baseline, ...rows]) {
    const isBaseline = r === baseline;
    const { tbtRatio, scoreDelta } = againstBaseline(r, baseline);
    lines.push(
      [
        "",
        ` ${r.page} `,
        ` ${r.runs} `,
        ` ${r.score}${spread(r.scoreMin, r.scoreMax, String)} `,
        ` ${ms(r.tbt)}${spread(Math.round(r.tbtMin), Math.round(r.tbtMax), (n) => String(n))} `,
        ` ${s(r.lcp)} `,
        ` ${s(r.fcp)} `,
        ` ${r.cls.toFixed(3)} `,
        ` ${s(r.si)} `,
        ` ${r.load.map((l) => l.toFixed(1)).join("→") || "–"} `,
        isBaseline ? " baseline " : ` TBT ×${tbtRatio.toFixed(2)}, score ${scoreDelta >= 0 ? "+" : ""}${scoreDelta} `,
        isBaseline ? " – " : ` ${withinBudget(r, baseline) ? "ok" : "OVER"} `,
        "",
      ].join("|"),
    );
  }
  return lines.join("\n");
}
