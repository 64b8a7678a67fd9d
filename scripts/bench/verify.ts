/**
 * The /api/verify budget: every generated hostile proof (tests/fakes/hostile-ots.ts: up to the route's
 * 100 KB limit, tens of thousands of 1-byte operations, thousands of attestations, deep nesting, hexlify) is
 * verified by lib/domain/timestamps/verify.ts in a process of its own, against loopback fakes. Per case: wall time, the
 * longest event-loop stall, peak RSS and heap, and the outbound requests made. Budgets: every case within 3 s, no
 * stall above 50 ms, at most 8 calendar questions and 8 blocks (× 2 explorers × 2 requests).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { hostileCases } from "../../tests/fakes/hostile-ots";

type Run = {
  name: string;
  bytes: number;
  ms: number;
  maxStall: number;
  rssBefore: number;
  peakRss: number;
  maxRss: number;
  heapBefore: number;
  peakHeap: number;
  calendarQuestions: number;
  explorerRequests: number;
  outcome: string;
};

const MB = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

export async function benchVerify() {
  const names = hostileCases(crypto.randomBytes(32), { maxBytes: 100 * 1024, calendars: ["http://calendar"] }).map((c) => c.name);
  const runs: Run[] = [];
  console.log(`${"case".padEnd(52)} ${"bytes".padStart(7)} ${"time".padStart(8)} ${"stall".padStart(7)} ${"peak RSS".padStart(9)} ${"(+)".padStart(7)} ${"heap".padStart(7)} cal exp  outcome`);
  for (const name of names) {
    const out = execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/bench/verify-fuzz-fn.ts", name], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    const r = JSON.parse(out.trim().split("\n").at(-1)!) as Run;
    runs.push(r);
    console.log(
      `${r.name.padEnd(52)} ${String(r.bytes).padStart(7)} ${`${r.ms.toFixed(1)} ms`.padStart(8)} ${`${r.maxStall.toFixed(1)} ms`.padStart(7)} ${MB(r.maxRss).padStart(9)} ${MB(r.peakRss - r.rssBefore).padStart(7)} ${MB(r.peakHeap).padStart(7)} ${String(r.calendarQuestions).padStart(3)} ${String(r.explorerRequests).padStart(3)}  ${r.outcome.slice(0, 70)}`,
    );
  }
  const worst = (key: "ms" | "maxStall" | "maxRss" | "peakHeap") => runs.reduce((a, b) => (b[key] > a[key] ? b : a));
  console.log(`worst time:  ${worst("ms").ms.toFixed(1)} ms (${worst("ms").name})`);
  console.log(`worst stall: ${worst("maxStall").maxStall.toFixed(1)} ms (${worst("maxStall").name})`);
  console.log(`peak RSS:    ${MB(worst("maxRss").maxRss)} (${worst("maxRss").name}); peak heap ${MB(worst("peakHeap").peakHeap)} (${worst("peakHeap").name})`);
  const over = runs.filter((r) => r.ms > 3000 || r.maxStall > 50 || r.calendarQuestions > 8 || r.explorerRequests > 8 * 2 * 2);
  if (over.length) throw new Error(`over budget: ${over.map((r) => r.name).join("; ")}`);
}
