/**
 * `npm run page-weight` (after `npm run build`): issue 7 §4's first-load JavaScript budget for the recipient pages.
 *
 * Method
 * - Reference: a blank page of the same Next version. The script writes a minimal create-next-app-like app into
 *   `.page-weight/blank/` (a root layout with <html><body> and an empty page, nothing else), builds it with the very
 *   same `next` package and bundler, and serves it with `next start`. A page inside our own app cannot be the
 *   reference: every page of an app carries its root layout.
 * - Our app: the production build in `.next`, served by `scripts/serve.ts start` on a throw-away DATA_DIR. A creator,
 *   an HTML idea and a share link are set up through the API; a recipient identifies (for /nda) and agrees (for
 *   /document) through the API inside a browser context, so each page renders its real state, not a redirect.
 * - Each page is loaded in a fresh Chromium context (empty HTTP cache, no cookie-consent choice, so the cookie banner
 *   shows) and waited on until the network is idle, so lazily loaded chunks fetched on load count as well.
 *   Every response Chromium reports as a Script (DevTools protocol) is summed twice: `encodedDataLength` (bytes
 *   on the wire, headers included) and the compressed body alone (Resource Timing `encodedBodySize`).
 * - Budget: each recipient page at most 1.3× the blank page (checked on the wire bytes; exit code 1 otherwise).
 *
 * `PAGE_WEIGHT_EXTRA=/login,/about` measures more paths of our app for comparison; `--verbose` lists every chunk.
 * `--creator` also measures the creator's pages signed in as the share's owner (issue 19 §1): /dashboard, /share/{id}
 * and /profile (budget 1.6×) and the editor on a draft idea, toolbar shown (budget 2.2×).
 * `PAGE_WEIGHT_PORT` moves the app's port (the blank app takes the next one), so that runs in parallel do not clash.
 */
import { waitFor } from "./bench/server";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, request as pwRequest, type Browser, type BrowserContextOptions } from "@playwright/test";

const ROOT = process.cwd();
const NEXT_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as { version: string }).version;
// One reference app per checkout (it links to this checkout's node_modules).
const BLANK_DIR = path.join(os.tmpdir(), `ideavault-blank-next-${NEXT_VERSION}-${crypto.createHash("sha256").update(ROOT).digest("hex").slice(0, 8)}`);
const APP_PORT = Number(process.env.PAGE_WEIGHT_PORT ?? 3712);
const BLANK_PORT = APP_PORT + 1;
const APP = `http://127.0.0.1:${APP_PORT}`;
const BLANK = `http://127.0.0.1:${BLANK_PORT}`;
const BUDGET = 1.3;
const CREATOR_BUDGET = 1.6;
const EDITOR_BUDGET = 2.2;
const verbose = process.argv.includes("--verbose");
/** Measure only the blank page and PAGE_WEIGHT_EXTRA (no share set-up). */
const extraOnly = process.argv.includes("--extra-only");
const creator = process.argv.includes("--creator");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

type Chunk = { url: string; wire: number; body: number };
type Weight = { label: string; url: string; wire: number; body: number; chunks: Chunk[]; budget?: number };


/**
 * The reference app: what create-next-app's App Router template renders, minus its CSS, fonts and images. It lives
 * outside the repository (inside it, Turbopack builds our instrumentation.ts into it) and borrows our node_modules
 * through a symlink, so it runs the very same `next`, `react` and bundler.
 */
function buildBlankApp() {
  const marker = path.join(BLANK_DIR, "built-with");
  const builtWith = NEXT_VERSION;
  if (fs.existsSync(path.join(BLANK_DIR, ".next", "BUILD_ID")) && fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === builtWith) return;
  fs.rmSync(BLANK_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(BLANK_DIR, "app"), { recursive: true });
  fs.writeFileSync(
    path.join(BLANK_DIR, "app", "layout.jsx"),
    'export default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  );
  fs.writeFileSync(path.join(BLANK_DIR, "app", "page.jsx"), "export default function Page() {\n  return <main />;\n}\n");
  fs.writeFileSync(path.join(BLANK_DIR, "package.json"), JSON.stringify({ name: "blank-next-app", private: true }, null, 2));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(BLANK_DIR, "node_modules"), "dir");
  // Turbopack refuses files (the symlinked node_modules) outside its root: use the common ancestor.
  fs.writeFileSync(path.join(BLANK_DIR, "next.config.mjs"), `export default { turbopack: { root: ${JSON.stringify(commonAncestor(BLANK_DIR, ROOT))} } };\n`);
  console.log(`Building the blank reference app (next ${NEXT_VERSION}) in ${BLANK_DIR} ...`);
  const res = spawnSync(process.execPath, [NEXT_BIN, "build"], {
    cwd: BLANK_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`blank app build failed:\n${res.stdout}\n${res.stderr}`);
  for (const extra of ["instrumentation.js", "middleware.js"]) {
    if (fs.existsSync(path.join(BLANK_DIR, ".next", "server", extra))) throw new Error(`the blank app is not blank: it has ${extra}`);
  }
  fs.writeFileSync(marker, builtWith);
}

function commonAncestor(a: string, b: string) {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

function startServer(args: string[], env: Record<string, string>, cwd = ROOT): ChildProcess {
  return spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

function stopServer(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

async function measure(browser: Browser, label: string, url: string, options: BrowserContextOptions = {}): Promise<Weight> {
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
    if (!res || res.status() !== 200) throw new Error(`${url}: HTTP ${res?.status()}`);
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

type Json = Record<string, unknown>;

async function call(api: Awaited<ReturnType<typeof pwRequest.newContext>>, method: "get" | "post" | "put", url: string, data?: unknown) {
  const res = await api[method](url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as Json;
}

/** Creator, idea, share; then two recipients' cookie jars: one identified (for /nda), one agreed (for /document). */
async function setUpShare(browser: Browser) {
  const owner = await pwRequest.newContext({ baseURL: APP });
  const account = { name: "Weight Owner", email: `weight-${Date.now()}@example.com`, password: "weight-pass" };
  await call(owner, "post", "/api/auth/register", account);
  await call(owner, "post", "/api/auth/login", { email: account.email, password: account.password });
  const idea = await call(owner, "post", "/api/ideas", { title: "Weighed idea" });
  await call(owner, "put", `/api/ideas/${idea.id}/publish`);
  // The editor is weighed as a creator uses it most: a draft, editable, with its toolbar.
  const draft = await call(owner, "post", "/api/ideas", { title: "Weighed draft", content: "<h1>Weighed draft</h1><p>Some text.</p>" });
  const share = await call(owner, "post", "/api/shares", {
    ideaId: idea.id,
    shareType: "full-access",
    expiresAt: null,
    maxViews: null,
    recipientEmail: null,
  });
  const ownerState = await owner.storageState();
  await owner.dispose();
  const token = String(share.accessLink);

  const recipientState = async (agree: boolean) => {
    const context = await browser.newContext({ baseURL: APP });
    const recipient = await call(context.request, "post", "/api/recipients", {
      name: "Weight Reader",
      email: "reader@example.com",
      phone: "",
      accessToken: token,
    });
    if (agree) await call(context.request, "put", `/api/recipients/${recipient.id}/nda`, { agreed: true });
    const state = await context.storageState();
    await context.close();
    return state;
  };
  return {
    token,
    identified: await recipientState(false),
    agreed: await recipientState(true),
    owner: { state: ownerState, ideaId: Number(idea.id), draftId: Number(draft.id) },
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(6)} KiB`;

async function main() {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("Run `npm run build` first.");
  buildBlankApp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-weight-"));
  const blank = startServer([NEXT_BIN, "start", "-p", String(BLANK_PORT), "-H", "127.0.0.1"], {}, BLANK_DIR);
  const app = startServer(["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "start"], {
    PORT: String(APP_PORT),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    REGISTRATION_MODE: "open",
    RATE_LIMIT_SCALE: "1000",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
  try {
    await Promise.all([waitFor(BLANK, 120_000), waitFor(`${APP}/login`, 120_000)]);
    const results: Weight[] = [];
    // Warm each server once so that no first-request compilation or cache fill is measured.
    await measure(browser, "warm-up", `${BLANK}/`);
    await measure(browser, "warm-up", `${APP}/login`);
    results.push(await measure(browser, `blank page (next ${NEXT_VERSION})`, `${BLANK}/`));
    if (!extraOnly) {
      const { token, identified, agreed, owner } = await setUpShare(browser);
      const recipientPage = async (label: string, url: string, options?: BrowserContextOptions) =>
        results.push({ ...(await measure(browser, label, url, options)), budget: BUDGET });
      await recipientPage("/collect/{token}", `${APP}/collect/${token}`);
      await recipientPage("/nda/{token}", `${APP}/nda/${token}`, { storageState: identified });
      await recipientPage("/document/{token}", `${APP}/document/${token}`, { storageState: agreed });
      if (creator) {
        const creatorPage = async (label: string, path: string, budget: number) =>
          results.push({ ...(await measure(browser, label, `${APP}${path}`, { storageState: owner.state })), budget });
        await creatorPage("/dashboard", "/dashboard", CREATOR_BUDGET);
        await creatorPage("/share/{id}", `/share/${owner.ideaId}`, CREATOR_BUDGET);
        await creatorPage("/profile", "/profile", CREATOR_BUDGET);
        await creatorPage("/editor/{id} (draft)", `/editor/${owner.draftId}`, EDITOR_BUDGET);
      }
    }
    for (const extra of (process.env.PAGE_WEIGHT_EXTRA ?? "").split(",").filter(Boolean)) {
      results.push(await measure(browser, extra, `${APP}${extra}`));
    }

    const [ref] = results;
    console.log(`\nFirst-load JavaScript (fresh Chromium context, scripts until network idle; budgets: recipient pages ${BUDGET}×, creator pages ${CREATOR_BUDGET}×, editor ${EDITOR_BUDGET}× blank)\n`);
    console.log(`${"page".padEnd(30)} ${"on the wire".padStart(11)} ${"ratio".padStart(6)}  ${"bodies".padStart(10)} ${"ratio".padStart(6)}  chunks`);
    let over = false;
    for (const r of results) {
      const ratio = r.wire / ref.wire;
      const overBudget = r.budget !== undefined && ratio > r.budget;
      if (overBudget) over = true;
      console.log(
        `${r.label.padEnd(30)} ${kb(r.wire)} ${ratio.toFixed(2).padStart(5)}×  ${kb(r.body)} ${(r.body / ref.body).toFixed(2).padStart(5)}×  ${r.chunks.length}${overBudget ? `  OVER BUDGET (${r.budget}×)` : ""}`,
      );
      if (verbose) {
        for (const c of [...r.chunks].sort((a, b) => b.body - a.body)) console.log(`    ${kb(c.body)}  ${new URL(c.url).pathname}`);
      }
    }
    if (over) process.exitCode = 1;
  } finally {
    await browser.close();
    stopServer(app);
    stopServer(blank);
    // serve.ts stops its PostgreSQL on SIGTERM; give it a moment before removing the data directory.
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
