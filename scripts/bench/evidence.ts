/**
 * The owner's-evidence budget: the share screen with 500 recipients and 5,000 views answers in under 300 ms
 * p95 with a constant number of queries. One idea, one link carrying all 500 recipients (the worst case for
 * GET /api/shares/{id}/recipients), each with an accepted agreement and 10 views, plus 200 comments; then sequential
 * requests after a warm-up: the recipients, the first page of the activity timeline, the whole CSV and the screen's
 * HTML, each with p50/p95/max, size, database statements and the server's CPU time (its PostgreSQL included) per request.
 */
import os from "node:os";
import pg from "pg";
import { pgConfigFromUrl } from "../../lib/platform/db/config";
import { percentile as pct, signUp, startBenchServer } from "./server";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 500);
const VIEWS_EACH = Number(process.env.BENCH_VIEWS_EACH ?? 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3731);
const UAS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];

export async function measure(label: string, url: string, cookie: string, countStatements: () => Promise<number>, cpuMs: () => number) {
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  const times: number[] = [];
  let bytes = 0;
  const before = await countStatements();
  const cpuBefore = cpuMs();
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const body = await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
    bytes = body.byteLength;
  }
  const cpu = (cpuMs() - cpuBefore) / SAMPLES;
  // Each autocommit statement is one transaction; the counter query itself is one more per reading.
  const statements = ((await countStatements()) - before - 1) / SAMPLES;
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(34)} p50 ${f(pct(times, 50))} ms  p95 ${f(pct(times, 95))} ms  max ${f(times[times.length - 1])} ms  ${(bytes / 1024).toFixed(0).padStart(5)} KiB  ~${statements.toFixed(1)} statements/request  server CPU ${cpu.toFixed(1)} ms/request`,
  );
  return { p95: pct(times, 95), statements, cpu };
}

async function seed(db: pg.Client, shareId: string, ideaId: number) {
  await db.query(
    `INSERT INTO "Recipient" ("id","shareId","name","email","phone","agreedToNda","secretHash","createdAt","ip","userAgent")
     SELECT 'benchr' || g, $1, 'Recipient ' || g, 'r' || g || '@example.com', '+1 555 ' || lpad(g::text, 4, '0'), true,
            md5('secret' || g), now() - (g || ' minutes')::interval, '198.51.100.' || (g % 250), $3
     FROM generate_series(1, $2) g`,
    [shareId, RECIPIENTS, UAS[0]],
  );
  await db.query(
    `INSERT INTO "NdaAcceptance" ("id","recipientId","shareId","ideaId","name","email","agreementVersion","agreementText",
                                  "agreementSha256","contentSha256","ip","userAgent","acceptedAt")
     SELECT 'benchn' || g, 'benchr' || g, $1, $2, 'Recipient ' || g, 'r' || g || '@example.com', 'bench', 'The agreement',
            md5('a') || md5('b'), md5('c') || md5('d'), '198.51.100.' || (g % 250), $4, now() - (g || ' minutes')::interval
     FROM generate_series(1, $3) g`,
    [shareId, ideaId, RECIPIENTS, UAS[0]],
  );
  await db.query(
    `INSERT INTO "ViewEvent" ("id","shareId","recipientId","ideaId","ip","userAgent","viewedAt")
     SELECT 'benchv' || g || '-' || v, $1, 'benchr' || g, $2, '203.0.113.' || (v % 250), ($5::text[])[1 + (g + v) % 4],
            now() - (g || ' minutes')::interval + (v || ' seconds')::interval
     FROM generate_series(1, $3) g, generate_series(1, $4) v`,
    [shareId, ideaId, RECIPIENTS, VIEWS_EACH, UAS],
  );
  await db.query(
    `INSERT INTO "Comment" ("id","ideaId","recipientId","author","content","createdAt")
     SELECT 'benchc' || g, $1, 'benchr' || g, 'Recipient ' || g, 'Comment number ' || g, now() - (g || ' seconds')::interval
     FROM generate_series(1, 200) g`,
    [ideaId],
  );
  await db.query(`ANALYZE`);
}

export async function benchEvidence() {
  const server = await startBenchServer(port);
  const { base, databaseUrl } = server;
  try {
    const cookie = await signUp(base, { name: "Bench Owner", email: "owner@example.com", password: "bench-pass" });
    const json = { cookie, "content-type": "application/json" };
    const idea = (await (await fetch(`${base}/api/ideas`, { method: "POST", headers: json, body: JSON.stringify({ title: "Evidence idea" }) })).json()) as { id: number };
    await fetch(`${base}/api/ideas/${idea.id}/publish`, { method: "PUT", headers: { cookie } });
    const shareRes = await fetch(`${base}/api/shares`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null }),
    });
    if (shareRes.status !== 201) throw new Error(`create share: HTTP ${shareRes.status} ${await shareRes.text()}`);
    const share = (await shareRes.json()) as { id: string };

    const db = new pg.Client(pgConfigFromUrl(databaseUrl));
    await db.connect();
    const t = Date.now();
    await seed(db, share.id, idea.id);
    console.log(`seeded ${RECIPIENTS} recipients with agreements, ${RECIPIENTS * VIEWS_EACH} views and 200 comments in ${Date.now() - t} ms`);
    const countStatements = async () => {
      const r = await db.query(`SELECT COALESCE(SUM(xact_commit + xact_rollback), 0)::bigint AS n FROM pg_stat_database WHERE datname = current_database()`);
      return Number(r.rows[0].n);
    };

    const results = [
      await measure("GET /api/shares/{id}/recipients", `${base}/api/shares/${share.id}/recipients`, cookie, countStatements, server.cpuMs),
      await measure("GET /api/ideas/{id}/activity", `${base}/api/ideas/${idea.id}/activity`, cookie, countStatements, server.cpuMs),
      await measure("GET /api/ideas/{id}/activity.csv", `${base}/api/ideas/${idea.id}/activity.csv`, cookie, countStatements, server.cpuMs),
      await measure("GET /share/{id} (SSR)", `${base}/share/${idea.id}`, cookie, countStatements, server.cpuMs),
    ];
    await db.end();
    const ok = results.every((r) => r.p95 < 300);
    console.log(`budget (p95 < 300 ms with ${RECIPIENTS} recipients and ${RECIPIENTS * VIEWS_EACH} views): ${ok ? "met" : "NOT met"}`);
    // Sequential requests on an otherwise idle machine take about their CPU time; a busy one stretches the latency.
    console.log(`load average during the run: ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  } finally {
    await server.stop();
  }
}
