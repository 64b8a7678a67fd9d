/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse mobile performance of /, /login and /document/{token},
 * each against a blank Next.js page measured in the same session (TBT at most 1.2× the blank page's, score at most
 * 3 below it; medians).
 *
 * Method
 * - The production build served by `scripts/serve.ts start` on a throw-away DATA_DIR (scripts/app-under-test.ts, the
 *   same set-up as `npm run page-weight`): a creator, a published HTML idea, a full-access share link, and a recipient
 *   of that link who identified and accepted the agreement through the API.
 * - The baseline is the blank page `npm run page-weight` uses too (scripts/blank-next-app.ts: a root layout and an
 *   <h1>, built with the same `next` package and served by `next start`). Runs are interleaved (blank, then each
 *   page, round after round), so a machine that gets busier during the session weighs on both sides alike.
 * - /document/{token} is measured as that recipient: their cookies go to Lighthouse's Chrome as an extra `Cookie`
 *   header, so the page Lighthouse loads is the reader itself (title, content, comments, timestamp), not the redirect
 *   to /collect or /nda a stranger gets. The script checks that the final URL is still /document/{token}.
 * - Lighthouse's CLI (its defaults: mobile form factor, Moto G Power screen, simulated throttling "lantern": 150 ms
 *   RTT, 1.6 Mbit/s, 4× CPU slowdown) in Debian's Chromium (`--headless=new --no-sandbox`), performance category
 *   only, each run a fresh Chrome with an empty profile (no cached files, no cookie-consent choice: the cookie banner
 *   shows as to a first visitor).
 * - Lighthouse is not one of the app's dependencies (it is large and wants a newer Node than the app): the first run
 *   installs `LIGHTHOUSE_VERSION` into `.lighthouse/` (gitignored) and later runs reuse it.
 * - `LIGHTHOUSE_RUNS` rounds (default 3) after one warm-up load of each page (so no server-side first-request work is
 *   measured); the table gives each metric's median, the min–max of score and TBT, and the 1-minute load average
 *   before and after. Lantern simulates the network from the trace, so LCP/FCP move little with machine load; TBT
 *   comes from the main-thread tasks Chrome really ran and grows on a busy machine.
 *
 * Options: `LIGHTHOUSE_PORT` (default 3720) for the app and the next port for the blank page; `LIGHTHOUSE_PAGES=/,/about`
 * to measure other paths (signed out; `/document/{token}` is the agreed recipient's reader); `LIGHTHOUSE_REPORTS=dir`
 * keeps every JSON report (audits: LCP element, unused JavaScript, main-thread work...); `LIGHTHOUSE_CHROME_FLAGS`
 * adds Chrome switches to every run, both sides (diagnosis: `--disable-features=PaintHolding` shows what the pages
 * score when Chrome does not hold back their first frame, see docs/operations.md). Exit code 1 when a page misses
 * the budget.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { cookieHeader, ROOT, setUpShare, startApp } from "./app-under-test";
import { startBlankApp } from "./blank-next-app";
import { formatTable, observedFirstFrame, runFromReport, summarize, withinBudget, type LighthouseRun } from "./lighthouse-stats";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3720);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/login,/document/{token}").split(",").filter(Boolean);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** More Chrome switches for both sides, for diagnosis only (e.g. `--disable-features=PaintHolding`); not part of the budget's method. */
const CHROME_EXTRA_FLAGS = process.env.LIGHTHOUSE_CHROME_FLAGS?.trim() ?? "";
const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? "13.5.0";
const TOOLS = path.join(ROOT, ".lighthouse");
const LIGHTHOUSE_DIR = path.join(TOOLS, `lighthouse-${LIGHTHOUSE_VERSION}`);
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, "node_modules", "lighthouse", "cli", "index.js");
const BLANK = "blank Next page";

function run(command: string, args: string[], cwd: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "ignore", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Lighthouse's CLI, installed on first use into .lighthouse/ rather than with the app's dependencies. */
async function ensureLighthouse() {
  if (fs.existsSync(LIGHTHOUSE_CLI)) return;
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(ROOT, LIGHTHOUSE_DIR)}/ (once) ...`);
  fs.mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  fs.writeFileSync(path.join(LIGHTHOUSE_DIR, "package.json"), JSON.stringify({ name: "lighthouse-tool", private: true }));
  await run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${LIGHTHOUSE_VERSION}`], LIGHTHOUSE_DIR);
}

/** One Lighthouse run in a fresh Chrome; returns its JSON report. */
async function lighthouse(url: string, headers: Record<string, string>, reportPath: string): Promise<Record<string, unknown>> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${reportPath}`,
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run${CHROME_EXTRA_FLAGS ? ` ${CHROME_EXTRA_FLAGS}` : ""}`,
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

type Target = { label: string; url: string; pathname: string; headers: Record<string, string> };

async function main() {
  const reportsDir = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-lighthouse-"));
  fs.mkdirSync(reportsDir, { recursive: true });
  await ensureLighthouse();
  const blank = await startBlankApp(PORT + 1);
  const app = await startApp(PORT).catch(async (err) => {
    await blank.stop();
    throw err;
  });
  try {
    const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
    let fixture: Awaited<ReturnType<typeof setUpShare>>;
    try {
      fixture = await setUpShare(browser, app.base);
    } finally {
      await browser.close();
    }
    const readerCookie = cookieHeader(fixture.agreed, app.base);

    const targets: Target[] = [{ label: BLANK, url: `${blank.base}/`, pathname: "/", headers: {} }];
    for (const page of PAGES) {
      const pathname = page.replace("{token}", fixture.token);
      targets.push({ label: page, url: `${app.base}${pathname}`, pathname, headers: page.includes("{token}") ? { Cookie: readerCookie } : {} });
    }
    // Warm-up: the server's first render of a route (module loading, caches) is not what a visitor waits for.
    for (const t of targets) await fetch(t.url, { headers: t.headers });

    const runs = new Map<string, LighthouseRun[]>(targets.map((t) => [t.label, []]));
    const load = [os.loadavg()[0]];
    for (let i = 1; i <= RUNS; i++) {
      for (const t of targets) {
        const file = path.join(reportsDir, `${t.label.replace(/[^a-z0-9]+/gi, "_") || "root"}-${i}.json`);
        const report = await lighthouse(t.url, t.headers, file);
        const finalUrl = String((report as { finalDisplayedUrl?: string }).finalDisplayedUrl ?? "");
        if (new URL(finalUrl).pathname !== t.pathname) throw new Error(`${t.label}: Lighthouse ended on ${finalUrl}, not on the page itself`);
        const result = runFromReport(report as Parameters<typeof runFromReport>[0]);
        runs.get(t.label)!.push(result);
        const frame = observedFirstFrame(report as Parameters<typeof observedFirstFrame>[0]);
        const shown = frame ? `, first frame shown at ${Math.round(frame.firstPaint)} ms (DOM ready at ${Math.round(frame.domContentLoaded)} ms)` : "";
        console.log(`${t.label} run ${i}: performance ${result.score}, TBT ${Math.round(result.tbt)} ms, LCP ${Math.round(result.lcp)} ms${shown} (load ${os.loadavg()[0].toFixed(1)})`);
      }
    }
    load.push(os.loadavg()[0]);
    const [baseline, ...rows] = targets.map((t) => summarize(t.label, runs.get(t.label)!, load));

    console.log(`\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), ${os.cpus().length} cores; reports in ${reportsDir}\n`);
    console.log(formatTable(rows, baseline));
    if (!rows.every((row) => withinBudget(row, baseline))) process.exitCode = 1;
  } finally {
    await app.stop();
    await blank.stop();
  }
}

function lighthouseVersion() {
  return (JSON.parse(fs.readFileSync(path.join(LIGHTHOUSE_DIR, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
