/**
 * `npm run page-weight` (after `npm run build`): first-load JavaScript of every screen of the app against a blank
 * Next page.
 *
 * Method
 * - Reference: a blank page of the same Next version (scripts/blank-next-app.ts: a minimal create-next-app-like app
 *   in a temporary directory, a root layout with <html><body> and an <h1>, nothing else), built with the very same
 *   `next` package and bundler and served by `next start`. A page inside our own app cannot be the
 *   reference: every page of an app carries its root layout.
 * - Our app: the production build in `.next`, served by `scripts/serve.ts start` on a throw-away DATA_DIR
 *   (scripts/app-under-test.ts). A creator, a published HTML idea and a share link are set up through the API; a
 *   recipient identifies (for /nda) and agrees (for /document) through the API inside a browser context, so each page
 *   renders its real state, not a redirect: the creator's pages signed in, /document/{token} the reader past the gate.
 * - Each page is loaded in a fresh Chromium context (empty HTTP cache, no cookie-consent choice, so the cookie banner
 *   shows) and waited on until the network is idle, so lazily loaded chunks fetched on load count as well.
 *   Every response Chromium reports as a Script (DevTools protocol) is summed twice: `encodedDataLength` (bytes
 *   on the wire, headers included) and the compressed body alone (Resource Timing `encodedBodySize`).
 * - Budgets (on the wire bytes; exit code 1 when a page is over or could not be measured): public, auth and recipient
 *   pages 1.3× the blank page, the creator's pages 1.6×, the editor 2.2×.
 *
 * `--extra-only` measures only the blank page and `PAGE_WEIGHT_EXTRA=/login,/about` (paths of our app, signed out);
 * `--verbose` lists every chunk. `PAGE_WEIGHT_PORT` (default 3712) is the app's port, the blank app uses the next one.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { ROOT, setUpShare, startApp, type SharedFixture } from "./app-under-test";
import { NEXT_VERSION, startBlankApp } from "./blank-next-app";

const APP_PORT = Number(process.env.PAGE_WEIGHT_PORT ?? 3712);
const BLANK_PORT = APP_PORT + 1;
const BLANK = `http://127.0.0.1:${BLANK_PORT}`;
const verbose = process.argv.includes("--verbose");
/** Measure only the blank page and PAGE_WEIGHT_EXTRA (no share set-up). */
const extraOnly = process.argv.includes("--extra-only");

/** The budgets, × the blank page (the recipient pages' is 1.3×). */
const BUDGETS = { public: 1.3, auth: 1.3, recipient: 1.3, creator: 1.6, editor: 2.2, extra: Infinity } as const;
type Group = keyof typeof BUDGETS;

/** Every screen of SPEC §2 (and the pages the app adds: /verify, /terms, /privacy, account links, versions, preview). */
type PageSpec = { group: Group; label: string; path: (f: SharedFixture) => string; as?: "owner" | "identified" | "agreed"; status?: number };
const PAGES: PageSpec[] = [
  { group: "public", label: "/", path: () => "/" },
  { group: "public", label: "/about", path: () => "/about" },
  { group: "public", label: "/contact", path: () => "/contact" },
  { group: "public", label: "/privacy-policy", path: () => "/privacy-policy" },
  { group: "public", label: "/data-handling", path: () => "/data-handling" },
  { group: "public", label: "/privacy", path: () => "/privacy" },
  { group: "public", label: "/terms", path: () => "/terms" },
  { group: "public", label: "/verify", path: () => "/verify" },
  { group: "public", label: "404 (/no-such-page)", path: () => "/no-such-page", status: 404 },
  { group: "auth", label: "/login", path: () => "/login" },
  { group: "auth", label: "/register", path: () => "/register" },
  { group: "auth", label: "/forgot-password", path: () => "/forgot-password" },
  { group: "auth", label: "/reset-password (no token)", path: () => "/reset-password" },
  { group: "auth", label: "/verify-email (no token)", path: () => "/verify-email" },
  { group: "recipient", label: "/collect/{token}", path: (f) => `/collect/${f.token}` },
  { group: "recipient", label: "/view/{token}", path: (f) => `/view/${f.token}` },
  { group: "recipient", label: "/nda/{token}", path: (f) => `/nda/${f.token}`, as: "identified" },
  { group: "recipient", label: "/document/{token} (agreed)", path: (f) => `/document/${f.token}`, as: "agreed" },
  { group: "creator", label: "/dashboard", path: () => "/dashboard", as: "owner" },
  { group: "creator", label: "/share/{id}", path: (f) => `/share/${f.ideaId}`, as: "owner" },
  { group: "creator", label: "/share/{id}/preview", path: (f) => `/share/${f.ideaId}/preview`, as: "owner" },
  { group: "creator", label: "/profile", path: () => "/profile", as: "owner" },
  { group: "editor", label: "/editor/new", path: () => "/editor/new", as: "owner" },
  { group: "editor", label: "/editor/{id}", path: (f) => `/editor/${f.ideaId}`, as: "owner" },
  { group: "editor", label: "/editor/{id}/versions/1", path: (f) => `/editor/${f.ideaId}/versions/1`, as: "owner" },
];

type Chunk = { url: string; wire: number; body: number };
type Weight = { label: string; url: string; wire: number; body: number; chunks: Chunk[]; group?: Group; error?: string };


async function measure(browser: Browser, label: string, url: string, options: BrowserContextOptions = {}, status = 200): Promise<Weight> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const scripts = new Map<string, Chunk>();
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.set(e.requestId, { url: e.response.url, wire: 0, body: 0 });
    });
    cdp.on("Network.loadingFinished", (e) => {
      const chunk = scripts.get(e.requestId);
      if (chunk) chunk.wire = e.encodedDataLength;
    });
    const res = await page.goto(url, { waitUntil: "networkidle" });
    if (!res || res.status() !== status) throw new Error(`${url}: HTTP ${res?.status()}`);
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} redirected to ${page.url()}`);
    const bodies = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: r.name, body: r.encodedBodySize };
      }),
    );
    const chunks = [...scripts.values()];
    for (const c of chunks) c.body = bodies.find((b) => b.name === c.url)?.body ?? 0;
    const sum = (k: "wire" | "body") => chunks.reduce((n, c) => n + c[k], 0);
    return { label, url, wire: sum("wire"), body: sum("body"), chunks };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(6)} KiB`;

async function main() {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("Run `npm run build` first.");
  const blankStarting = startBlankApp(BLANK_PORT);
  blankStarting.catch(() => {}); // as appStarting below
  const appStarting = startApp(APP_PORT);
  appStarting.catch(() => {}); // awaited below; this only keeps a failure meanwhile from counting as unhandled
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
  let app: Awaited<typeof appStarting> | undefined;
  let blank: Awaited<typeof blankStarting> | undefined;
  try {
    [app, blank] = await Promise.all([appStarting, blankStarting]);
    const APP = app.base;
    const results: Weight[] = [];
    // Warm each server once so that no first-request compilation or cache fill is measured.
    await measure(browser, "warm-up", `${BLANK}/`);
    await measure(browser, "warm-up", `${APP}/login`);
    results.push(await measure(browser, `blank page (next ${NEXT_VERSION})`, `${BLANK}/`));
    // One page that cannot be measured (a redirect, an error) is reported and fails the run, the others still count.
    const attempt = async (group: Group, label: string, url: string, options?: BrowserContextOptions, status?: number) => {
      try {
        results.push({ ...(await measure(browser, label, url, options, status)), group });
      } catch (err) {
        results.push({ label, url, wire: 0, body: 0, chunks: [], group, error: err instanceof Error ? err.message : String(err) });
      }
    };
    if (!extraOnly) {
      const fixture = await setUpShare(browser, APP);
      for (const page of PAGES) {
        await attempt(page.group, page.label, `${APP}${page.path(fixture)}`, page.as ? { storageState: fixture[page.as] } : {}, page.status);
      }
    }
    for (const extra of (process.env.PAGE_WEIGHT_EXTRA ?? "").split(",").filter(Boolean)) {
      await attempt("extra", extra, `${APP}${extra}`);
    }

    const [ref] = results;
    console.log(`\nFirst-load JavaScript (fresh Chromium context, scripts until network idle; budgets × blank: ${Object.entries(BUDGETS).filter(([, b]) => b !== Infinity).map(([g, b]) => `${g} ${b}`).join(", ")})\n`);
    console.log(`${"page".padEnd(32)} ${"group".padEnd(9)} ${"on the wire".padStart(11)} ${"ratio".padStart(6)}  ${"bodies".padStart(10)} ${"ratio".padStart(6)}  chunks`);
    let over = false;
    for (const r of results) {
      const group = r.group ?? "";
      if (r.error) {
        over = true;
        console.log(`${r.label.padEnd(32)} ${group.padEnd(9)} not measured: ${r.error}`);
        continue;
      }
      const ratio = r.wire / ref.wire;
      const budget = r.group ? BUDGETS[r.group] : Infinity;
      if (ratio > budget) over = true;
      console.log(
        `${r.label.padEnd(32)} ${group.padEnd(9)} ${kb(r.wire)} ${ratio.toFixed(2).padStart(5)}×  ${kb(r.body)} ${(r.body / ref.body).toFixed(2).padStart(5)}×  ${String(r.chunks.length).padStart(6)}${ratio > budget ? `  OVER ${budget}×` : ""}`,
      );
      if (verbose) {
        for (const c of [...r.chunks].sort((a, b) => b.body - a.body)) console.log(`    ${kb(c.body)}  ${new URL(c.url).pathname}`);
      }
    }
    if (over) process.exitCode = 1;
  } finally {
    await browser.close();
    await (blank ?? (await blankStarting.catch(() => undefined)))?.stop();
    await (app ?? (await appStarting.catch(() => undefined)))?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
