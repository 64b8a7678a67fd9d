/**
 * The creator-workspace budget (`npm run bench`, after `npm run build`). Starts the production server on a
 * throw-away DATA_DIR, gives one creator 5,000 ideas, then measures GET /api/ideas and the /dashboard server
 * render (sequential requests after a warm-up) and prints p50/p95/max, response sizes and database queries per request.
 */
import pg from "pg";
import { pgConfigFromUrl } from "../../lib/platform/db/config";
import { percentile as pct, signUp, startBenchServer } from "./server";

const IDEAS = Number(process.env.BENCH_IDEAS ?? 5000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3711);

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

export async function benchWorkspace() {
  const server = await startBenchServer(port);
  const { base, databaseUrl } = server;
  try {
    const cookie = await signUp(base, { name: "Bench Creator", email: "bench@example.com", password: "bench-pass" });
    const first = await fetch(`${base}/api/ideas`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ title: "Seed" }) });
    if (first.status !== 201) throw new Error(`seed idea: HTTP ${first.status}`);

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
    await server.stop();
  }
}
