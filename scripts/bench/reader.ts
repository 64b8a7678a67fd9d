/**
 * The reader budget, at the library level (lib/domain/reader) on the bench server's database and DATA_DIR:
 * page list + first page (marked) of a 10 MB, 120-page PDF with nothing kept, under 1.2 s; a kept page with its mark
 * under 150 ms p95; a dense text page at 800 px under 250 KB. Runs in a child process (tsx with server-only allowed).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { samplePdf } from "./sample-pdf";
import { percentile, startBenchServer } from "./server";

const port = Number(process.env.BENCH_PORT ?? 3714);
const COLD_RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 3);
const MARKED_RUNS = Number(process.env.BENCH_RUNS ?? 60);
const COLD_BUDGET_MS = 1200;
const MARKED_P95_BUDGET_MS = 150;
const TEXT_PAGE_BUDGET_BYTES = 250 * 1024;
const TARGET_BYTES = 10_400_000;

type Result = {
  moduleLoadMs: number;
  cold: { listMs: number; firstPageMs: number; totalMs: number }[];
  marked: number[];
  markedBytes: number;
  textPageBytes: number;
  textMarkedBytes: number;
};

const ms = (n: number | undefined) => `${(n ?? NaN).toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? "within budget" : "OVER BUDGET");

export async function benchReader() {
  let pdf = await samplePdf(TARGET_BYTES);
  if (pdf.length > 10 * 1024 * 1024) pdf = await samplePdf(TARGET_BYTES * 0.95);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-reader-"));
  const file = path.join(dir, "sample.pdf");
  fs.writeFileSync(file, pdf);
  console.log(`sample PDF: ${(pdf.length / 1e6).toFixed(2)} MB, 120 pages`);
  const server = await startBenchServer(port);
  try {
    const out = execFileSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--import", "./scripts/allow-server-only.mjs", "scripts/bench/reader-fn.ts", file, String(COLD_RUNS), String(MARKED_RUNS)],
      { encoding: "utf8", maxBuffer: 1 << 20, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl } },
    );
    const r = JSON.parse(out.trim().split("\n").at(-1)!) as Result;
    console.log(`render process started and first upload inspected: ${ms(r.moduleLoadMs)}`);
    for (const [i, c] of r.cold.entries()) console.log(`cold #${i + 1}: page list ${ms(c.listMs)} + first page marked ${ms(c.firstPageMs)} = ${ms(c.totalMs)}`);
    const worstCold = Math.max(...r.cold.map((c) => c.totalMs));
    console.log(`first page, nothing kept (worst)   ${ms(worstCold)}  budget ${COLD_BUDGET_MS} ms: ${verdict(worstCold < COLD_BUDGET_MS)}`);
    const sorted = [...r.marked].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95)!;
    console.log(`kept page + mark (1200 px)         p50 ${ms(percentile(sorted, 50))}  p95 ${ms(p95)}  max ${ms(sorted.at(-1))}  (${(r.markedBytes / 1024).toFixed(0)} KB)  budget p95 ${MARKED_P95_BUDGET_MS} ms: ${verdict(p95 < MARKED_P95_BUDGET_MS)}`);
    console.log(`dense text page at 800 px          ${(r.textPageBytes / 1024).toFixed(0)} KB unmarked, ${(r.textMarkedBytes / 1024).toFixed(0)} KB marked  budget 250 KB: ${verdict(Math.max(r.textPageBytes, r.textMarkedBytes) < TEXT_PAGE_BUDGET_BYTES)}`);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
