/**
 * The evidence-pack budget: GET /api/ideas/{id}/evidence.zip of an idea with 200 acceptances in under
 * 5 s, the server's memory growing by less than 50 MB while it streams, with 5 published versions: version 1
 * published, then BENCH_VERSIONS - 1 more through 'New version' / save / publish, one real acceptance made through the
 * API (on the latest version), 199 more written with its agreement text. A first download is the warm-up (it also queues proofs for the rows written
 * directly, as the owner's lookup would, and builds and keeps each certificate: lib/domain/agreements/stored-certificate.ts,
 * which the periodic timestamp job does on a running server once the proofs settle); then BENCH_PACK_RUNS downloads,
 * each timed, with the server's Node RSS sampled every 20 ms against its level just before that download. The
 * warm-up's time is the cost of a pack whose certificates were never built.
 */
import os from "node:os";
import pg from "pg";
import { pgConfigFromUrl } from "../../lib/platform/db/config";
import { signUp, startBenchServer } from "./server";

const ACCEPTANCES = Number(process.env.BENCH_ACCEPTANCES ?? 200);
const RUNS = Number(process.env.BENCH_PACK_RUNS ?? 3);
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3733);
const TIME_BUDGET_MS = 5_000;
const MEMORY_BUDGET = 50 * 1024 * 1024;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function seed(db: pg.Client, ideaId: number, shareId: string, n: number) {
  // Copies of the real acceptance (its agreement text and digests), each its own recipient, a second apart.
  await db.query(
    `INSERT INTO "Recipient" ("id","shareId","name","email","agreedToNda","secretHash","createdAt","ip","userAgent")
     SELECT 'benchr' || g, $1, 'Recipient ' || g, 'r' || g || '@example.com', true, md5('secret' || g), now(), '198.51.100.7', 'bench-agent/1.0'
     FROM generate_series(1, $2) g`,
    [shareId, n],
  );
  await db.query(
    `INSERT INTO "NdaAcceptance" ("id","recipientId","shareId","ideaId","name","email","agreementVersion","agreementText",
                                  "agreementSha256","contentSha256","version","ip","userAgent","acceptedAt")
     SELECT 'benchn' || lpad(g::text, 4, '0'), 'benchr' || g, $1, $2, 'Recipient ' || g, 'r' || g || '@example.com', a."agreementVersion",
            a."agreementText", a."agreementSha256", a."contentSha256", a."version", '198.51.100.7', 'bench-agent/1.0', now() + (g || ' seconds')::interval
     FROM generate_series(1, $3) g, (SELECT * FROM "NdaAcceptance" WHERE "ideaId" = $2 LIMIT 1) a`,
    [shareId, ideaId, n],
  );
}

export async function benchEvidencePack() {
  // No timestamp job during the measurement: its runs would land in the samples.
  const server = await startBenchServer(port, { OTS_INTERVAL_S: "0" });
  const { base, databaseUrl } = server;
  try {
    const cookie = await signUp(base, { name: "Bench Owner", email: "owner@example.com", password: "bench-pass" });
    const json = { cookie, "content-type": "application/json" };
    const idea = (await (await fetch(`${base}/api/ideas`, { method: "POST", headers: json, body: JSON.stringify({ title: "Evidence pack idea", content: "<p>The plan.</p>" }) })).json()) as { id: number };
    await fetch(`${base}/api/ideas/${idea.id}/publish`, { method: "PUT", headers: { cookie } });
    // Versions 2..VERSIONS: each a draft from the latest, edited and published through the owner's own calls.
    for (let n = 2; n <= VERSIONS; n++) {
      const draft = await fetch(`${base}/api/ideas/${idea.id}/versions`, { method: "POST", headers: { cookie } });
      if (draft.status !== 201) throw new Error(`new version: HTTP ${draft.status} ${await draft.text()}`);
      const body = JSON.stringify({ title: `Evidence pack idea v${n}`, content: `<p>The plan, revision ${n}.</p>`.repeat(50) });
      const saved = await fetch(`${base}/api/ideas/${idea.id}/versions/${n}`, { method: "PUT", headers: json, body });
      if (saved.status !== 200) throw new Error(`save version ${n}: HTTP ${saved.status} ${await saved.text()}`);
      const published = await fetch(`${base}/api/ideas/${idea.id}/publish`, { method: "PUT", headers: { cookie } });
      if (published.status !== 200) throw new Error(`publish version ${n}: HTTP ${published.status} ${await published.text()}`);
    }
    const shareRes = await fetch(`${base}/api/shares`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null }),
    });
    if (shareRes.status !== 201) throw new Error(`create share: HTTP ${shareRes.status} ${await shareRes.text()}`);
    const share = (await shareRes.json()) as { id: string; accessLink: string };
    // One real acceptance, through a recipient's own calls.
    const recipientRes = await fetch(`${base}/api/recipients`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Grace Hopper", email: "grace@example.com", phone: null, accessToken: share.accessLink }),
    });
    if (recipientRes.status !== 201) throw new Error(`identify: HTTP ${recipientRes.status} ${await recipientRes.text()}`);
    const recipient = (await recipientRes.json()) as { id: string };
    const recipientCookie = recipientRes.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const agreed = await fetch(`${base}/api/recipients/${recipient.id}/nda`, {
      method: "PUT",
      headers: { cookie: recipientCookie, "content-type": "application/json" },
      body: JSON.stringify({ agreed: true }),
    });
    if (agreed.status !== 200) throw new Error(`agree: HTTP ${agreed.status} ${await agreed.text()}`);

    const db = new pg.Client(pgConfigFromUrl(databaseUrl));
    await db.connect();
    await seed(db, idea.id, share.id, ACCEPTANCES - 1);
    await db.query("ANALYZE");
    await db.end();

    const download = async () => {
      const started = performance.now();
      const baseline = server.rss().node;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, server.rss().node)), 20);
      try {
        const res = await fetch(`${base}/api/ideas/${idea.id}/evidence.zip`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`evidence pack: HTTP ${res.status} ${await res.text()}`);
        let bytes = 0;
        let firstByteMs = 0;
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!bytes) firstByteMs = performance.now() - started;
          bytes += value.byteLength;
        }
        return { ms: performance.now() - started, firstByteMs, bytes, growth: Math.max(peak, server.rss().node) - baseline, baseline };
      } finally {
        clearInterval(sampler);
      }
    };

    const warm = await download();
    console.log(`warm-up: ${(warm.ms / 1000).toFixed(2)} s, ${mb(warm.bytes)} (queues proofs for the ${ACCEPTANCES - 1} acceptances written directly, builds and keeps every certificate)`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const cpu = server.cpuMs();
      const r = await download();
      const cpuMs = server.cpuMs() - cpu;
      runs.push(r);
      console.log(
        `pack ${i + 1}: ${(r.ms / 1000).toFixed(2)} s (first byte ${r.firstByteMs.toFixed(0)} ms), ${mb(r.bytes)}, server CPU ${(cpuMs / 1000).toFixed(2)} s, ` +
          `Node RSS ${mb(r.baseline)} + ${mb(r.growth)} at most while it streamed`,
      );
    }
    const worstMs = Math.max(...runs.map((r) => r.ms));
    const worstGrowth = Math.max(...runs.map((r) => r.growth));
    const ok = worstMs < TIME_BUDGET_MS && worstGrowth < MEMORY_BUDGET;
    console.log(
      `budget (${ACCEPTANCES} acceptances, ${VERSIONS} versions: under ${TIME_BUDGET_MS / 1000} s, memory growth under ${mb(MEMORY_BUDGET)}): ${ok ? "met" : "NOT met"} ` +
        `(slowest ${(worstMs / 1000).toFixed(2)} s, largest growth ${mb(worstGrowth)})`,
    );
    console.log(`load average during the run: ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  } finally {
    await server.stop();
  }
}
