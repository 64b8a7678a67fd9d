/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse mobile performance of /, /login and /document/{token}
 * (performance ≥ 95 and total blocking time < 200 ms).
 *
 * Method
 * - The production build served by `scripts/serve.ts start` on a throw-away DATA_DIR (scripts/app-under-test.ts, the
 *   same set-up as `npm run page-weight`): a creator, a published HTML idea, a full-access share link, and a recipient
 *   of that link who identified and accepted the agreement through the API.
 * - /document/{token} is measured as that recipient: their cookies go to Lighthouse's Chrome as an extra `Cookie`
 *   header, so the page Lighthouse loads is the reader itself (title, content, comments, timestamp), not the redirect
 *   to /collect or /nda a stranger gets. The script checks that the final URL is still /document/{token}.
 * - Lighthouse's CLI (the `lighthouse` package, its defaults: mobile form factor, Moto G Power screen, simulated
 *   throttling "lantern": 150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown) in Debian's Chromium (`--headless=new
 *   --no-sandbox`), performance category only, each run a fresh Chrome with an empty profile (no cached files, no
 *   cookie-consent choice: the cookie banner shows as to a first visitor).
 * - `LIGHTHOUSE_RUNS` runs per page (default 3) after one warm-up load of the page (so no server-side first-request
 *   work is measured); the table gives each metric's median, the min–max of score and TBT, and the 1-minute load
 *   average before and after the page's runs. Lantern simulates the network from the trace, so LCP/FCP move little
 *   with machine load; TBT comes from the main-thread tasks Chrome really ran and grows on a busy machine.
 *
 * Options: `LIGHTHOUSE_PORT` (default 3720) for the app; `LIGHTHOUSE_PAGES=/,/about` to measure other paths (signed
 * out; `/document/{token}` is the agreed recipient's reader); `LIGHTHOUSE_REPORTS=dir` keeps every JSON report
 * (audits: LCP element, unused JavaScript, main-thread work...). Exit code 1 when a page misses the budget.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { cookieHeader, ROOT, setUpShare, startApp } from "./app-under-test";
import { formatTable, runFromReport, summarize, withinBudget, type LighthouseRow, type LighthouseRun } from "./lighthouse-stats";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3720);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/login,/document/{token}").split(",").filter(Boolean);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_CLI = path.join(ROOT, "node_modules", "lighthouse", "cli", "index.js");

/** One Lighthouse run in a fresh Chrome; returns its JSON report. */
async function lighthouse(url: string, headers: Record<string, string>, reportPath: string): Promise<Record<string, unknown>> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${reportPath}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
    "--quiet",
  ];
  if (Object.keys(headers).length) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`))));
  });
  return JSON.parse(fs.readFileSync(reportPath, "utf8")) as Record<string, unknown>;
}

async function main() {
  const reportsDir = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-lighthouse-"));
  fs.mkdirSync(reportsDir, { recursive: true });
  const app = await startApp(PORT);
  try {
    const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
    let fixture: Awaited<ReturnType<typeof setUpShare>>;
    try {
      fixture = await setUpShare(browser, app.base);
    } finally {
      await browser.close();
    }
    const readerCookie = cookieHeader(fixture.agreed, app.base);

    const rows: LighthouseRow[] = [];
    for (const page of PAGES) {
      const reader = page.includes("{token}");
      const pathname = page.replace("{token}", fixture.token);
      const url = `${app.base}${pathname}`;
      const headers: Record<string, string> = reader ? { Cookie: readerCookie } : {};
      // Warm-up: the server's first render of a route (module loading, caches) is not what a visitor waits for.
      await fetch(url, { headers });
      const runs: LighthouseRun[] = [];
      const load = [os.loadavg()[0]];
      for (let i = 1; i <= RUNS; i++) {
        const file = path.join(reportsDir, `${page.replace(/[^a-z0-9]+/gi, "_") || "root"}-${i}.json`);
        const report = await lighthouse(url, headers, file);
        const finalUrl = String((report as { finalDisplayedUrl?: string }).finalDisplayedUrl ?? "");
        if (new URL(finalUrl).pathname !== pathname) throw new Error(`${page}: Lighthouse ended on ${finalUrl}, not on the page itself`);
        const run = runFromReport(report as Parameters<typeof runFromReport>[0]);
        runs.push(run);
        console.log(`${page} run ${i}: performance ${run.score}, TBT ${Math.round(run.tbt)} ms, LCP ${Math.round(run.lcp)} ms (load ${os.loadavg()[0].toFixed(1)})`);
      }
      load.push(os.loadavg()[0]);
      rows.push(summarize(page, runs, load));
    }

    console.log(`\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), ${os.cpus().length} cores; reports in ${reportsDir}\n`);
    console.log(formatTable(rows));
    if (!rows.every(withinBudget)) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

function lighthouseVersion() {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
