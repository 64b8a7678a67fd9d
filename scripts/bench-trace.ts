/**
 * `npx tsx --import ./scripts/allow-server-only.mjs scripts/bench-trace.ts [trials]`: the leak-tracing measurement,
 * in-process (no server, no database): a realistic 5-page deck drawn by the reader's own renderer, 20 recipients
 * (one view each), each page image marked and coded as the reader serves it; then per attack (leak-attacks.ts) and
 * trial, a recipient's page is attacked and traced against the deck's unmarked pages and all 20 views. Also the
 * owner's unmarked pages, under every attack, which must match no one; the code's PSNR; the milliseconds it adds to
 * serving a page; and the time to trace one image. Prints a table and JSON.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { renderPdfPage } from "@/lib/domain/reader/render";
import { markPageImage } from "@/lib/domain/reader/mark";
import { codeSigns, embedPageCode } from "@/lib/domain/reader/page-code";
import { codeScore, traceProjections } from "@/lib/domain/reader/trace-detect";
import { matchViews } from "@/lib/domain/reader/trace-score";
import { applyLeakSteps, deckPdf, leakAttacks, seededRandom } from "@/tests/lib/domain/reader/leak-attacks";

const RECIPIENTS = 20;
const WIDTHS = [800, 1200] as const;

async function main() {
  const trials = Number(process.argv[2] ?? 20);
  // `BENCH_ATTACKS="crop 60 %,all four"`: only these attacks (while iterating; the random draws then differ).
  const only = process.env.BENCH_ATTACKS?.split(",");
  const deck = await deckPdf();
  const pages: Record<number, Buffer[]> = {};
  for (const width of WIDTHS) pages[width] = await Promise.all([1, 2, 3, 4, 5].map((n) => renderPdfPage(deck, n, width)));
  const references = pages[1200]!;
  const views = Array.from({ length: RECIPIENTS }, (_, i) => {
    const id = `view-${i + 1}`;
    const key = crypto.createHash("sha256").update(`bench key ${id}`).digest();
    return { id, signs: codeSigns(key), mark: { name: `Recipient ${i + 1}`, email: `r${i + 1}@example.com`, accessedAt: new Date(Date.UTC(2026, 10, 27, 8, i)) } };
  });

  // Serving cost: a page marked without and with the code, interleaved, after a warm-up.
  // CPU time as well as wall time: on a shared, busy machine wall time mostly measures the neighbours.
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const serve: { plain: number[]; coded: number[]; plainCpu: number[]; codedCpu: number[] } = { plain: [], coded: [], plainCpu: [], codedCpu: [] };
  for (let i = 0; i < 2; i++) await markPageImage(references[0]!, views[0]!.mark, views[0]!.signs);
  for (let i = 0; i < 20; i++) {
    const page = references[i % 5]!;
    let [t, c] = [performance.now(), cpu()];
    await markPageImage(page, views[i % RECIPIENTS]!.mark);
    serve.plain.push(performance.now() - t);
    serve.plainCpu.push(cpu() - c);
    [t, c] = [performance.now(), cpu()];
    await markPageImage(page, views[i % RECIPIENTS]!.mark, views[i % RECIPIENTS]!.signs);
    serve.coded.push(performance.now() - t);
    serve.codedCpu.push(cpu() - c);
  }

  // Visibility: each page with the code alone against the page, as PSNR over the whole image.
  const psnr: number[] = [];
  for (const page of references) {
    const { data, info } = await sharp(page).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const coded = Buffer.from(data);
    embedPageCode(coded, info.width, info.height, views[0]!.signs);
    let se = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++, n++) se += (coded[i + c]! - data[i + c]!) ** 2;
    psnr.push(10 * Math.log10((255 * 255) / (se / n)));
  }

  const random = seededRandom(29);
  const results: Record<string, { traced: number; wrong: number; missed: number; ms: number[]; cpuMs: number[]; scores: number[] }> = {};
  const ownerFalse: Record<string, number> = {};
  for (const attack of Object.keys(leakAttacks(random))) {
    results[attack] = { traced: 0, wrong: 0, missed: 0, ms: [], cpuMs: [], scores: [] };
    ownerFalse[attack] = 0;
  }
  for (let t = 0; t < trials; t++) {
    const view = views[t % RECIPIENTS]!;
    const n = Math.floor(random() * 5);
    const width = WIDTHS[t % WIDTHS.length]!;
    const served = await markPageImage(pages[width]![n]!, view.mark, view.signs);
    for (const [attack, steps] of Object.entries(leakAttacks(random))) {
      if (only && !only.includes(attack)) continue;
      const leak = await applyLeakSteps(served, steps, random);
      const [started, startedCpu] = [performance.now(), cpu()];
      const hypotheses = await traceProjections(leak, references);
      const matches = matchViews(hypotheses.map((h) => ({ projection: h.projection, views })), codeScore);
      if (process.env.BENCH_DEBUG && matches[0]?.viewId !== view.id) {
        const meta = await sharp(leak).metadata();
        console.log(`miss: ${attack} trial ${t} page ${n + 1} at ${width} px, leak ${meta.width}×${meta.height}`, hypotheses.map((h) => ({ ref: h.ref + 1, ncc: h.ncc.toFixed(3), scale: h.scale.toFixed(4), x: h.x.toFixed(1), y: h.y.toFixed(1), z: codeScore(h.projection, view.signs).toFixed(2) })));
      }
      const r = results[attack]!;
      r.ms.push(performance.now() - started);
      r.cpuMs.push(cpu() - startedCpu);
      if (matches[0]?.viewId === view.id) r.traced++;
      else if (matches.length) r.wrong++;
      else r.missed++;
      r.scores.push(matches.find((m) => m.viewId === view.id)?.score ?? 0);
    }
  }
  // The owner's unmarked pages, every attack, against every view.
  for (const [n, page] of references.entries()) {
    for (const [attack, steps] of Object.entries(leakAttacks(random))) {
      if (only && !only.includes(attack)) continue;
      const leak = await applyLeakSteps(n % 2 ? pages[800]![n]! : page, steps, random);
      if (matchViews((await traceProjections(leak, references)).map((h) => ({ projection: h.projection, views })), codeScore).length) ownerFalse[attack]!++;
    }
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.95))]!;
  console.log(`trials per attack: ${trials} (${RECIPIENTS} recipients, 5-page deck, pages served at ${WIDTHS.join(" / ")} px)`);
  console.log("attack            traced  wrong  missed  min z   mean z  trace ms (mean / p95)  CPU ms (mean / p95)  owner's page false matches");
  for (const [attack, r] of Object.entries(results)) {
    if (!r.scores.length) continue;
    console.log(
      `${attack.padEnd(17)} ${`${r.traced}/${trials}`.padStart(6)} ${String(r.wrong).padStart(6)} ${String(r.missed).padStart(7)} ${Math.min(...r.scores).toFixed(1).padStart(6)} ${mean(r.scores).toFixed(1).padStart(8)} ${`${mean(r.ms).toFixed(0)} / ${p95(r.ms).toFixed(0)}`.padStart(22)} ${`${mean(r.cpuMs).toFixed(0)} / ${p95(r.cpuMs).toFixed(0)}`.padStart(20)} ${`${ownerFalse[attack]}/5`.padStart(12)}`,
    );
  }
  console.log(`PSNR of the code alone vs the unmarked page (1200 px): ${psnr.map((p) => p.toFixed(1)).join(", ")} dB`);
  console.log(`serving a marked page: ${mean(serve.plain).toFixed(1)} ms without the code, ${mean(serve.coded).toFixed(1)} ms with it (+${(mean(serve.coded) - mean(serve.plain)).toFixed(1)} ms); CPU ${mean(serve.plainCpu).toFixed(1)} → ${mean(serve.codedCpu).toFixed(1)} ms (+${(mean(serve.codedCpu) - mean(serve.plainCpu)).toFixed(1)} ms)`);
  console.log(JSON.stringify({ trials, results, ownerFalse, psnr, serve: { plainMs: mean(serve.plain), codedMs: mean(serve.coded), plainCpuMs: mean(serve.plainCpu), codedCpuMs: mean(serve.codedCpu) } }));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
