/**
 * Child of `npm run bench -- verify`: runs lib/domain/timestamps/verify.ts verifyProof once on one generated hostile proof
 * (tests/fakes/hostile-ots.ts, by name) against loopback fake calendars and explorers, in a fresh process so its
 * peak memory is its own (run with --conditions=react-server so server-only modules load outside Next.js). While it
 * runs, a 1 ms timer measures the longest event-loop stall and samples memory. Prints JSON.
 */
import crypto from "node:crypto";
import { forked, hostileCases, otsFile, pendingOn } from "../../tests/fakes/hostile-ots";
import { bitcoinAttestation } from "../../tests/fakes/ots-bytes";
import { startFakeNetwork } from "../../tests/fakes/network";
import { VERIFY_OTS_MAX_BYTES } from "@/lib/domain/validation/timestamps";

async function main() {
  const name = process.argv[2]!;
  const net = await startFakeNetwork({ calendars: 3, explorers: 2 });
  process.env.OTS_CALENDARS = net.calendars.map((c) => c.url).join(",");
  process.env.ESPLORA_URL = net.explorers.map((e) => e.url).join(",");
  process.env.OTS_MIN_CALENDARS = "2";
  process.env.OTS_TIMEOUT_MS = "5000";
  const { verifyProof } = await import("@/lib/domain/timestamps/verify");
  const file = Buffer.from("The file a hostile proof claims to timestamp.\n");
  const digest = crypto.createHash("sha256").update(file).digest();
  const hostile = hostileCases(digest, { maxBytes: VERIFY_OTS_MAX_BYTES, calendars: net.calendars.map((c) => c.url) }).find((c) => c.name === name);
  if (!hostile) throw new Error(`no case named "${name}"`);

  // A first verification loads what any first request loads (fetch, crypto): not the proof's cost.
  await verifyProof(file, otsFile(digest, forked([pendingOn(net.calendars[0].url, 0), bitcoinAttestation(1)])));
  for (const c of net.calendars) c.upgradeRequests.length = 0;
  for (const e of net.explorers) e.requests.length = 0;

  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let maxStall = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    maxStall = Math.max(maxStall, now - last);
    last = now;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 1);
  const started = performance.now();
  let outcome: string;
  try {
    const result = await verifyProof(file, hostile.ots);
    outcome = `${result.verdict}, ${result.attestations.length} attestations`;
  } catch (err) {
    outcome = `refused: ${(err as Error).message}`;
  }
  const ms = performance.now() - started;
  maxStall = Math.max(maxStall, performance.now() - last);
  clearInterval(probe);
  const m = process.memoryUsage();
  const calendarQuestions = net.calendars.reduce((n, c) => n + c.upgradeRequests.length, 0);
  const explorerRequests = net.explorers.reduce((n, e) => n + e.requests.length, 0);
  await net.close();
  console.log(
    JSON.stringify({
      name,
      bytes: hostile.ots.length,
      ms,
      maxStall,
      rssBefore: before.rss,
      peakRss: Math.max(peakRss, m.rss),
      maxRss: process.resourceUsage().maxRSS * 1024,
      heapBefore: before.heapUsed,
      peakHeap: Math.max(peakHeap, m.heapUsed),
      calendarQuestions,
      explorerRequests,
      outcome,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
