/**
 * The reading-time budgets: POST /api/share/{token}/engagement sustains at least half the requests per
 * second of the no-op route (GET /api/health) in the same run — 50 connections, each a different agreed recipient with
 * a live view (autocannon, BENCH_SECONDS each after a warm-up); and the share screen's data with 500 recipients who
 * each read 120 pages (60,000 page rows) answers in under 300 ms p95 with a constant number of queries.
 */
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { pgConfigFromUrl } from "../../lib/platform/db/config";
import { signUp, startBenchServer } from "./server";
import { measure } from "./evidence";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 500);
const PAGES = Number(process.env.BENCH_PAGES ?? 120);
const port = Number(process.env.BENCH_PORT ?? 3741);

type Result = { requests: { average: number; total: number }; latency: { p99: number; p50: number }; non2xx: number; errors: number };

function load(url: string, seconds: number, post?: { body: string; cookies: string[] }): Promise<Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        ...(post
          ? {
              method: "POST",
              body: post.body,
              // One recipient per connection, as many readers would send (one recipient's reports queue on its view).
              setupClient: (client) => client.setHeaders({ "content-type": "application/json", cookie: post.cookies[next++ % post.cookies.length] }),
            }
          : {}),
      },
      (err: Error | null, res: Result) => (err ? reject(err) : resolve(res)),
    );
  });
}

const HTML = `<h1>Bench</h1>${Array.from({ length: 8 }, (_, i) => `<h2>Section ${i + 1}</h2><p>Text ${i + 1}</p>`).join("")}`;

async function reader(base: string, accessLink: string, i: number) {
  const json = { "content-type": "application/json" };
  const identified = await fetch(`${base}/api/recipients`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: `Reader ${i}`, email: `reader${i}@example.com`, phone: null, accessToken: accessLink }),
  });
  if (identified.status !== 201) throw new Error(`identify: HTTP ${identified.status} ${await identified.text()}`);
  const cookie = identified.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { id } = (await identified.json()) as { id: string };
  const agreed = await fetch(`${base}/api/recipients/${id}/nda`, { method: "PUT", headers: { ...json, cookie }, body: JSON.stringify({ agreed: true }) });
  if (agreed.status !== 200) throw new Error(`agree: HTTP ${agreed.status}`);
  const viewed = await fetch(`${base}/api/share/${accessLink}`, { headers: { cookie } });
  if (viewed.status !== 200) throw new Error(`view: HTTP ${viewed.status}`);
  return cookie;
}

async function seedReading(db: pg.Client, shareId: string, ideaId: number) {
  await db.query(
    `INSERT INTO "Recipient" ("id","shareId","name","email","agreedToNda","secretHash","createdAt")
     SELECT 'benchr' || g, $1, 'Recipient ' || g, 'r' || g || '@example.com', true, md5('secret' || g), now() - (g || ' minutes')::interval
     FROM generate_series(1, $2) g`,
    [shareId, RECIPIENTS],
  );
  await db.query(
    `INSERT INTO "ViewEvent" ("id","shareId","recipientId","ideaId","ip","userAgent","viewedAt","engagementMs","pageCount","lastEngagementAt")
     SELECT 'benchv' || g, $1, 'benchr' || g, $2, '203.0.113.' || (g % 250), 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
            now() - (g || ' minutes')::interval, $4 * 1000, $4, now()
     FROM generate_series(1, $3) g`,
    [shareId, ideaId, RECIPIENTS, PAGES],
  );
  await db.query(
    `INSERT INTO "ViewEngagement" ("viewId","n","ms") SELECT 'benchv' || g, p, 1000 FROM generate_series(1, $1) g, generate_series(1, $2) p`,
    [RECIPIENTS, PAGES],
  );
  await db.query(`ANALYZE`);
}

export async function benchEngagement() {
  const server = await startBenchServer(port);
  const { base, databaseUrl } = server;
  try {
    const cookie = await signUp(base, { name: "Bench Owner", email: "owner@example.com", password: "bench-pass" });
    const json = { cookie, "content-type": "application/json" };
    const idea = (await (await fetch(`${base}/api/ideas`, { method: "POST", headers: json, body: JSON.stringify({ title: "Read idea", content: HTML }) })).json()) as { id: number };
    await fetch(`${base}/api/ideas/${idea.id}/publish`, { method: "PUT", headers: { cookie } });
    const newShare = async () => {
      const res = await fetch(`${base}/api/shares`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null }),
      });
      if (res.status !== 201) throw new Error(`create share: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string; accessLink: string };
    };

    // 1. Throughput of reports against the no-op route.
    const live = await newShare();
    const cookies: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) cookies.push(await reader(base, live.accessLink, i));
    const reportUrl = `${base}/api/share/${live.accessLink}/engagement`;
    const body = JSON.stringify({ pages: [{ n: 1, ms: 400 }, { n: 2, ms: 300 }] });
    const noopUrl = `${base}/api/health`;
    await load(noopUrl, 3);
    await load(reportUrl, 3, { body, cookies });
    // Server CPU per request (the server and its PostgreSQL) beside the rates: on a machine busy with other work the
    // rates move with the load, the CPU a request costs does not.
    const timed = async (run: () => Promise<Result>) => {
      const cpuBefore = server.cpuMs();
      const r = await run();
      return { ...r, cpuPerRequest: (server.cpuMs() - cpuBefore) / Math.max(1, r.requests.total) };
    };
    const noop = await timed(() => load(noopUrl, SECONDS));
    const report = await timed(() => load(reportUrl, SECONDS, { body, cookies }));
    for (const [label, r] of [["no-op GET /api/health", noop], ["POST …/engagement", report]] as const) {
      console.log(
        `${label.padEnd(24)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}  server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`,
      );
    }
    const ratio = report.requests.average / noop.requests.average;
    const throughputOk = ratio >= 0.5 && report.non2xx === 0;
    console.log(`budget (reports ≥ 0.5× no-op req/s): ${ratio.toFixed(2)}× — ${throughputOk ? "met" : "NOT met"}`);
    console.log(`(for comparison, CPU-bound: no-op CPU per request / report CPU per request = ${(noop.cpuPerRequest / report.cpuPerRequest).toFixed(2)}×; load average ${os.loadavg()[0].toFixed(1)})`);

    // 2. The share screen with RECIPIENTS recipients who each read PAGES pages.
    const seeded = await newShare();
    const db = new pg.Client(pgConfigFromUrl(databaseUrl));
    await db.connect();
    const t = Date.now();
    await seedReading(db, seeded.id, idea.id);
    console.log(`seeded ${RECIPIENTS} recipients who each read ${PAGES} pages (${RECIPIENTS * PAGES} page rows) in ${Date.now() - t} ms`);
    const countStatements = async () => {
      const r = await db.query(`SELECT COALESCE(SUM(xact_commit + xact_rollback), 0)::bigint AS n FROM pg_stat_database WHERE datname = current_database()`);
      return Number(r.rows[0].n);
    };
    const results = [
      await measure("GET /api/shares/{id}/recipients", `${base}/api/shares/${seeded.id}/recipients`, cookie, countStatements, server.cpuMs),
      await measure("GET /share/{id} (SSR)", `${base}/share/${idea.id}`, cookie, countStatements, server.cpuMs),
    ];
    await db.end();
    const screenOk = results.every((r) => r.p95 < 300);
    console.log(`budget (p95 < 300 ms with ${RECIPIENTS} recipients × ${PAGES} pages read): ${screenOk ? "met" : "NOT met"}`);
    console.log(`load average during the run: ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  } finally {
    await server.stop();
  }
}
