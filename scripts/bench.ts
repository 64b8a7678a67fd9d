/**
 * `npm run bench` (after `npm run build`): the creator-workspace budget. Starts the production server on a
 * throw-away DATA_DIR, gives one creator 5,000 ideas, then measures GET /api/ideas and the /dashboard server
 * render (sequential requests after a warm-up) and prints p50/p95/max, response sizes and database queries per request.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { pgConfigFromUrl } from "../lib/db-config";

const IDEAS = Number(process.env.BENCH_IDEAS ?? 5000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3711);
const base = `http://127.0.0.1:${port}`;

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start within ${ms} ms`);
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(label: string, url: string, cookie: string, countQueries: () => Promise<number>) {
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  const times: number[] = [];
  let bytes = 0;
  const before = await countQueries();
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const body = await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
    bytes = body.byteLength;
  }
  const queries = ((await countQueries()) - before) / SAMPLES;
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(`${label.padEnd(22)} p50 ${f(pct(times, 50))} ms  p95 ${f(pct(times, 95))} ms  max ${f(times[times.length - 1])} ms  ${(bytes / 1024).toFixed(0)} KiB  ~${queries.toFixed(1)} queries/request`);
  return pct(times, 95);
}

async function main() {
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-bench-"));
  const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "start"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, REGISTRATION_MODE: "open", RATE_LIMIT_SCALE: "1000" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  try {
    await waitFor(`${base}/login`, 120_000);
    const account = { name: "Bench Creator", email: "bench@example.com", password: "bench-pass" };
    await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
    const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const first = await fetch(`${base}/api/ideas`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ title: "Seed" }) });
    if (first.status !== 201) throw new Error(`seed idea: HTTP ${first.status}`);

    const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(dataDir, "runtime.json"), "utf8"));
    const db = new pg.Client(pgConfigFromUrl(databaseUrl));
    await db.connect();
    const t = Date.now();
    // Copies of the real (encrypted) seed idea: same owner, so every copy still decrypts.
    await db.query(
      `INSERT INTO "Idea" ("ownerId","title","kind","status","contentCiphertext","contentKeyId","createdAt","lastModified")
       SELECT "ownerId", 'Idea number ' || g, "kind", CASE WHEN g % 3 = 0 THEN 'published'::"IdeaStatus" ELSE 'draft'::"IdeaStatus" END,
              "contentCiphertext", "contentKeyId", now(), now() - (g || ' minutes')::interval
       FROM "Idea", generate_series(2, $1) g`,
      [IDEAS],
    );
    await db.query(`ANALYZE`);
    console.log(`seeded ${IDEAS} ideas in ${Date.now() - t} ms`);
    const countQueries = async () => {
      const r = await db.query(`SELECT COALESCE(SUM(xact_commit + xact_rollback), 0)::bigint AS n FROM pg_stat_database WHERE datname = current_database()`);
      return Number(r.rows[0].n);
    };

    const p95Api = await measure("GET /api/ideas", `${base}/api/ideas`, cookie, countQueries);
    const p95Page = await measure("GET /dashboard (SSR)", `${base}/dashboard`, cookie, countQueries);
    await db.end();
    const ok = p95Api < 150 && p95Page < 150;
    console.log(`budget (p95 < 150 ms with ${IDEAS} ideas): ${ok ? "met" : "NOT met"}`);
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
