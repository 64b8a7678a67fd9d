/**
 * The sharing budget (issue 7): GET /api/share/{token} must sustain at least half the requests per second of a no-op
 * route handler (GET /api/health) of the same server, with p99 under 3× the no-op's. Both are measured in the same
 * run with autocannon on loopback (50 connections, BENCH_SECONDS each, after a warm-up).
 */
import autocannon from "autocannon";
import { signUp, startBenchServer } from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const port = Number(process.env.BENCH_PORT ?? 3712);

type Result = { requests: { average: number }; latency: { p99: number; p50: number }; non2xx: number; errors: number };

function load(url: string, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds }, (err: Error | null, res: Result) => (err ? reject(err) : resolve(res)));
  });
}

export async function benchShare() {
  const server = await startBenchServer(port);
  const { base } = server;
  try {
    const cookie = await signUp(base, { name: "Bench Sharer", email: "sharer@example.com", password: "bench-pass" });
    const json = { cookie, "content-type": "application/json" };
    const idea = await (await fetch(`${base}/api/ideas`, { method: "POST", headers: json, body: JSON.stringify({ title: "Shared idea" }) })).json();
    await fetch(`${base}/api/ideas/${idea.id}/publish`, { method: "PUT", headers: { cookie } });
    const shareRes = await fetch(`${base}/api/shares`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null }),
    });
    if (shareRes.status !== 201) throw new Error(`create share: HTTP ${shareRes.status} ${await shareRes.text()}`);
    const { accessLink } = await shareRes.json();
    const shareUrl = `${base}/api/share/${accessLink}`;
    const noopUrl = `${base}/api/health`;

    await load(noopUrl, 3);
    await load(shareUrl, 3);
    const noop = await load(noopUrl, SECONDS);
    const share = await load(shareUrl, SECONDS);
    for (const [label, r] of [["no-op GET /api/health", noop], ["GET /api/share/{token}", share]] as const) {
      console.log(`${label.padEnd(24)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`);
    }
    const ratio = share.requests.average / noop.requests.average;
    const p99Ratio = share.latency.p99 / Math.max(1, noop.latency.p99);
    const ok = ratio >= 0.5 && p99Ratio < 3 && share.non2xx === 0;
    console.log(`budget (≥ 0.5× no-op req/s, p99 < 3× no-op): ${ratio.toFixed(2)}× req/s, ${p99Ratio.toFixed(2)}× p99 — ${ok ? "met" : "NOT met"}`);
  } finally {
    await server.stop();
  }
}
