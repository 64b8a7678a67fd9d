/**
 * The hostile-PDF budgets: while hostile files render, GET /api/health stays under 1 s at its worst and the server's
 * memory (the Node processes: the server and its render processes) grows under 400 MB; three 8000 × 8000 image bombs
 * at once under 600 MB. Each file is uploaded by an owner of a production server and its pages are asked for at
 * 2000 px (the owner's preview: the same drawing a recipient's first request makes), while /api/health is polled
 * every 50 ms. The benign reader budgets (first page cold, kept page p95) are `npm run bench -- reader`.
 */
import { percentile, signUp, startBenchServer, type BenchServer } from "./server";
import { imageBomb, manyPages, strokeBomb } from "./hostile-pdfs";
import { samplePdf } from "./sample-pdf";

const port = Number(process.env.BENCH_PORT ?? 3716);
const HEALTH_BUDGET_MS = 1000;
const RSS_BUDGET = 400 * 1024 * 1024;
const RSS_THREE_BOMBS_BUDGET = 600 * 1024 * 1024;
const MB = 1024 * 1024;

/** Polls /api/health and the Node processes' memory until stopped; returns the latencies and the peak memory. */
function watch(server: BenchServer) {
  const latencies: number[] = [];
  let peakRss = server.rss().node;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t);
      peakRss = Math.max(peakRss, server.rss().node);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { latencies: latencies.sort((a, b) => a - b), peakRss };
  };
}

async function upload(base: string, cookie: string, data: Buffer, title: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(data)], { type: "application/pdf" }), `${title}.pdf`);
  form.set("title", title);
  const t = performance.now();
  const res = await fetch(`${base}/api/ideas/pdf`, { method: "POST", headers: { cookie }, body: form });
  const body = (await res.json()) as { id?: number; error?: string };
  return { status: res.status, id: body.id, error: body.error, ms: performance.now() - t };
}

async function page(base: string, cookie: string, id: number, n: number, width = 2000) {
  const t = performance.now();
  const res = await fetch(`${base}/api/ideas/${id}/pages/${n}?width=${width}`, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, ms: performance.now() - t, bytes: body.length, retryAfter: res.headers.get("retry-after") };
}

const fmt = (n: number | undefined) => `${(n ?? NaN).toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? "within budget" : "OVER BUDGET");

export async function benchHostile() {
  const server = await startBenchServer(port);
  const { base } = server;
  const results: { name: string; ok: boolean }[] = [];
  try {
    const owner = await signUp(base, { name: "Bench Owner", email: "hostile@example.com", password: "bench-pass" });
    // Warm-up: routes compiled, render processes started, a benign page drawn.
    const benign = await upload(base, owner, Buffer.from(await samplePdf(2_000_000)), "Benign");
    if (benign.status !== 201) throw new Error(`benign upload: HTTP ${benign.status} ${benign.error}`);
    await page(base, owner, benign.id!, 1, 800);

    const scenario = async (name: string, rssBudget: number, work: () => Promise<string>) => {
      const baseRss = server.rss().node;
      const stop = watch(server);
      const detail = await work();
      const { latencies, peakRss } = await stop();
      const worst = latencies.at(-1)!;
      const grew = peakRss - baseRss;
      const ok = worst < HEALTH_BUDGET_MS && grew < rssBudget;
      results.push({ name, ok });
      console.log(`${name}\n  ${detail}\n  health p50 ${fmt(percentile(latencies, 50))} max ${fmt(worst)} (${latencies.length} polls); Node memory +${(grew / MB).toFixed(0)} MB (budget ${(rssBudget / MB).toFixed(0)} MB): ${verdict(ok)}`);
    };

    await scenario("8 KB page of 150,000 strokes, one 2000 px request", RSS_BUDGET, async () => {
      const bomb = strokeBomb(150_000);
      const up = await upload(base, owner, bomb, "Strokes");
      const first = await page(base, owner, up.id!, 1);
      const again = await page(base, owner, up.id!, 1, 800);
      return `${(bomb.length / 1024).toFixed(1)} KB, upload ${up.status}; page: ${first.status} in ${fmt(first.ms)}; asked again: ${again.status} in ${fmt(again.ms)}`;
    });

    const bombs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const up = await upload(base, owner, imageBomb(8000), `Image bomb ${i}`);
      if (up.status !== 201) throw new Error(`image bomb upload: HTTP ${up.status} ${up.error}`);
      bombs.push(up.id!);
    }
    await scenario("one 8000 × 8000 image bomb (187 KB)", RSS_BUDGET, async () => {
      const r = await page(base, owner, bombs[0]!, 1);
      return `page: ${r.status} in ${fmt(r.ms)} (${(r.bytes / 1024).toFixed(0)} KB: the image is left out)`;
    });
    await scenario("three image bombs at once", RSS_THREE_BOMBS_BUDGET, async () => {
      const rs = await Promise.all(bombs.slice(1).map((id) => page(base, owner, id, 1)));
      return `pages: ${rs.map((r) => `${r.status} in ${fmt(r.ms)}`).join(", ")}`;
    });

    await scenario("1000 pages sharing the stroke stream (upload)", RSS_BUDGET, async () => {
      const up = await upload(base, owner, strokeBomb(150_000, 1000), "Thousand");
      return `upload: ${up.status} in ${fmt(up.ms)}: ${up.error}`;
    });
    await scenario("500 pages sharing the stroke stream: 8 pages asked at once", RSS_BUDGET, async () => {
      const up = await upload(base, owner, strokeBomb(150_000, 500), "Five hundred");
      if (up.status !== 201) return `upload: ${up.status} ${up.error}`;
      const rs = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => page(base, owner, up.id!, n)));
      const by = new Map<number, number>();
      for (const r of rs) by.set(r.status, (by.get(r.status) ?? 0) + 1);
      return `answers: ${[...by].map(([s, c]) => `${c} × ${s}`).join(", ")}; slowest ${fmt(Math.max(...rs.map((r) => r.ms)))}`;
    });
    await scenario("20,000-page PDF (upload)", RSS_BUDGET, async () => {
      const up = await upload(base, owner, manyPages(20_000), "Twenty thousand");
      return `upload: ${up.status} in ${fmt(up.ms)}: ${up.error}`;
    });
    await scenario("benign PDF, one reader, 4 parallel 2000 px pages (nothing kept)", RSS_BUDGET, async () => {
      const rs = await Promise.all([2, 3, 4, 5].map((n) => page(base, owner, benign.id!, n)));
      return `answers: ${rs.map((r) => `${r.status} in ${fmt(r.ms)}`).join(", ")}`;
    });
  } finally {
    await server.stop();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(failed.length ? `OVER BUDGET: ${failed.map((f) => f.name).join("; ")}` : "every hostile scenario within budget");
}
