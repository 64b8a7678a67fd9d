import { db } from "@/lib/platform/db";
import { POST } from "@/app/api/verify/route";
import { VERIFY_OTS_MAX_BYTES } from "@/lib/domain/validation/timestamps";
import { verifyProof, VERIFY_LOOKUPS } from "@/lib/domain/timestamps/verify";
import { setEnv } from "../../db-utils";
import { configure, useFakeNetwork } from "../../lib/domain/timestamps/helpers";
import { forked, hostileCases, HEXLIFY, otsFile, pendingOn } from "../../fakes/hostile-ots";
import { bitcoinAttestation, sha256 } from "../../fakes/ots-bytes";

/**
 * POST /api/verify is public: whatever proof an anonymous client uploads, it answers a 400 that says why or a bounded
 * result, quickly, without holding up the event loop, and with a bounded number of calendar and explorer requests
 * (counted on the loopback fakes).
 */
const fakes = useFakeNetwork({ calendars: 3, explorers: 2 });

const FILE = Buffer.from("The file a hostile proof claims to timestamp.\n");
const DIGEST = sha256(FILE);
const noParams = { params: Promise.resolve({}) };

function verifyRequest(ots: Buffer, signal?: AbortSignal) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(FILE)]), "idea.txt");
  form.append("ots", new Blob([new Uint8Array(ots)]), "idea.txt.ots");
  return new Request("http://localhost/api/verify", { method: "POST", body: form, signal });
}

/**
 * The longest the event loop went without running a 1 ms timer, until the returned function is called. A gap counts
 * for the smaller of its wall-clock time and the CPU time this process spent in it: a stall is work the loop does
 * (both grow), while a busy machine that merely descheduled the process grows only the first, and the thread pool
 * working beside a responsive loop grows only the second.
 */
function stallProbe(): () => number {
  let max = 0;
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  let timer: NodeJS.Timeout;
  const gap = () => {
    const wall = performance.now() - lastWall;
    const cpu = process.cpuUsage(lastCpu);
    return Math.min(wall, (cpu.user + cpu.system) / 1000);
  };
  const tick = () => {
    max = Math.max(max, gap());
    lastWall = performance.now();
    lastCpu = process.cpuUsage();
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return () => {
    clearTimeout(timer);
    return Math.max(max, gap());
  };
}

const calendarQuestions = () => fakes.net.calendars.reduce((n, c) => n + c.upgradeRequests.length, 0);
/** Per explorer: the distinct Bitcoin heights it was asked about. */
const heightsAsked = () => fakes.net.explorers.map((e) => new Set(e.requests.filter((r) => r.startsWith("/block-height/"))).size);
const explorerRequests = () => fakes.net.explorers.reduce((n, e) => n + e.requests.length, 0);
const urls = () => fakes.net.calendars.map((c) => c.url);

async function until(condition: () => boolean, what: string) {
  const end = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// The case names do not depend on the calendars' addresses (known once the fakes run).
const CASE_NAMES = hostileCases(DIGEST, { maxBytes: VERIFY_OTS_MAX_BYTES, calendars: ["http://calendar"] }).map((c) => c.name);

describe("POST /api/verify with generated hostile proofs", () => {
  beforeEach(() => {
    // Every case may use the whole look-up allowance of one verification.
    configure(fakes.net, { OTS_TIMEOUT_MS: "2000" });
  });

  it.each(CASE_NAMES)("%s: a 400 or a bounded answer, quickly, without stalling the server", async (name) => {
    const { ots } = hostileCases(DIGEST, { maxBytes: VERIFY_OTS_MAX_BYTES, calendars: urls() }).find((c) => c.name === name)!;
    expect(ots.length).toBeLessThanOrEqual(VERIFY_OTS_MAX_BYTES);
    const stall = stallProbe();
    const started = performance.now();
    const res = await POST(verifyRequest(ots), noParams);
    const body = await res.json();
    const elapsed = performance.now() - started;
    const maxStall = stall();

    expect([200, 400]).toContain(res.status);
    if (res.status === 400) expect(body.error).toMatch(/^This .*\.$/);
    else expect(body).toMatchObject({ matches: true, verdict: expect.any(String) });
    expect(elapsed).toBeLessThan(3000);
    expect(maxStall).toBeLessThan(200);
    expect(calendarQuestions()).toBeLessThanOrEqual(VERIFY_LOOKUPS.calendars);
    for (const n of heightsAsked()) expect(n).toBeLessThanOrEqual(VERIFY_LOOKUPS.blocks);
  });

  it("says why a proof is refused", async () => {
    const expected: [string, RegExp][] = [
      ["93750 reverse ops on a 4 KB message", /^This proof asks for too much computation \(its operations process over 512 KiB\)\.$/],
      ["2,250 sha256 ops in 9 chains", /^This proof has too many operations \(over 1000\)\.$/],
      ["100 Bitcoin heights", /^This proof has too many attestations \(over 64\)\.$/],
      ["2000 pending attestations on distinct calendars", /^This proof has too many attestations \(over 64\)\.$/],
      ["nesting 50,000 deep", /^This proof is nested too deeply \(over 256 levels\)\.$/],
    ];
    const cases = hostileCases(DIGEST, { maxBytes: VERIFY_OTS_MAX_BYTES, calendars: urls() });
    for (const [prefix, message] of expected) {
      const { ots } = cases.find((c) => c.name.startsWith(prefix))!;
      const res = await POST(verifyRequest(ots), noParams);
      expect({ prefix, status: res.status, error: (await res.json()).error }).toEqual({ prefix, status: 400, error: expect.stringMatching(message) });
    }
    expect(calendarQuestions() + explorerRequests()).toBe(0);
  });

  it("refuses a proof with a hexlify step with a 400 (the package's OpHexlify computes nothing)", async () => {
    for (const body of [Buffer.concat([HEXLIFY, bitcoinAttestation(1)]), forked([bitcoinAttestation(1), Buffer.concat([HEXLIFY, HEXLIFY, bitcoinAttestation(2)])])]) {
      const res = await POST(verifyRequest(otsFile(DIGEST, body)), noParams);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("This proof uses the hexlify operation, which is not supported.");
    }
  });

  it("asks each calendar about each commitment once, and each explorer about each height once", async () => {
    const [a, b] = urls();
    const ots = otsFile(
      DIGEST,
      forked([pendingOn(a, 1), pendingOn(`${a}/`, 1), pendingOn(`${a}//`, 1), pendingOn(b, 1), bitcoinAttestation(7), bitcoinAttestation(7), pendingOn(a, 1)]),
    );
    const res = await POST(verifyRequest(ots), noParams);
    expect(res.status).toBe(200);
    expect(fakes.net.calendars.map((c) => c.upgradeRequests.length)).toEqual([1, 1, 0]);
    expect(fakes.net.explorers.map((e) => e.requests)).toEqual([["/block-height/7"], ["/block-height/7"]]);
  });

  it("asks at most 8 calendar questions and checks at most 8 blocks; the rest is reported as not checked", async () => {
    const pending = otsFile(DIGEST, forked(Array.from({ length: 60 }, (_, i) => pendingOn(urls()[i % 3], i))));
    expect((await POST(verifyRequest(pending), noParams)).status).toBe(200);
    expect(calendarQuestions()).toBe(8);

    const heights = otsFile(DIGEST, forked(Array.from({ length: 60 }, (_, i) => bitcoinAttestation(100 + i))));
    const res = await POST(verifyRequest(heights), noParams);
    const body = await res.json();
    expect(heightsAsked()).toEqual([8, 8]);
    expect(body.verdict).toBe("unchecked");
    const notChecked = body.attestations.filter((a: { reason: string }) => /checks at most 8 Bitcoin blocks/.test(a.reason));
    expect(notChecked).toHaveLength(52);
    expect(notChecked[0]).toMatchObject({ kind: "bitcoin", result: "unavailable" });
  });

  it("counts the look-ups of one address across verifications (per window)", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.05" }); // 100 look-ups per 15 minutes → 5 (and 30 verifications → 2)
    const ots = otsFile(DIGEST, forked(Array.from({ length: 9 }, (_, i) => bitcoinAttestation(1 + i))));
    const first = await (await POST(verifyRequest(ots), noParams)).json();
    expect(heightsAsked()).toEqual([5, 5]);
    expect(first.attestations.filter((a: { reason: string }) => /too many look-ups from your address/.test(a.reason))).toHaveLength(3);
    const second = await (await POST(verifyRequest(ots), noParams)).json();
    expect(heightsAsked()).toEqual([5, 5]);
    expect(second.attestations.every((a: { result: string }) => a.result === "unavailable")).toBe(true);
    expect(await db.rateLimit.findUnique({ where: { key: "verify:lookups:ip:unknown" } })).toMatchObject({ count: 16 });
  });

  it("stops asking when the client goes away", async () => {
    configure(fakes.net, { OTS_TIMEOUT_MS: "20000" });
    for (const c of fakes.net.calendars) c.mode = "hang";
    for (const e of fakes.net.explorers) e.mode = "hang";
    const heights = [5, 6, 7].map((h) => bitcoinAttestation(h));
    const ots = otsFile(DIGEST, forked([...Array.from({ length: 8 }, (_, i) => pendingOn(urls()[i % 3], i)), ...heights]));
    const client = new AbortController();
    const started = performance.now();
    const answer = POST(verifyRequest(ots, client.signal), noParams);
    // The calendar questions go out together; the explorers come next.
    await until(() => calendarQuestions() === 8, "the calendar questions");
    client.abort();
    expect((await answer).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
    // Nothing asked after the client left: no explorer at all, no further calendar question.
    await new Promise((r) => setTimeout(r, 200));
    expect(explorerRequests()).toBe(0);
    expect(calendarQuestions()).toBe(8);
  });

  it("ends every look-up at the verification's deadline, whatever the timeouts", async () => {
    configure(fakes.net, { OTS_TIMEOUT_MS: "60000" });
    for (const c of fakes.net.calendars) c.mode = "hang";
    for (const e of fakes.net.explorers) e.mode = "hang";
    const ots = otsFile(DIGEST, forked([...Array.from({ length: 8 }, (_, i) => pendingOn(urls()[i % 3], i)), bitcoinAttestation(5)]));
    const started = performance.now();
    const result = await verifyProof(FILE, ots, { deadlineMs: 1500 });
    expect(performance.now() - started).toBeLessThan(6000);
    expect(result).toMatchObject({ matches: true, verdict: "unchecked" });
    // The calendars were asked, then the explorers never got their turn.
    expect(calendarQuestions()).toBe(8);
    expect(explorerRequests()).toBe(0);
    expect(result.attestations.find((a) => a.kind === "bitcoin")).toMatchObject({ result: "unavailable", reason: "not checked: the verification ran out of time (1.5 s)" });
  });

  it("answers within 15 s with calendars and explorers that never answer (the default deadline)", async () => {
    configure(fakes.net, { OTS_TIMEOUT_MS: "120000" });
    for (const c of fakes.net.calendars) c.mode = "hang";
    for (const e of fakes.net.explorers) e.mode = "hang";
    const ots = otsFile(DIGEST, forked([...Array.from({ length: 8 }, (_, i) => pendingOn(urls()[i % 3], i)), bitcoinAttestation(5)]));
    const started = performance.now();
    const res = await POST(verifyRequest(ots), noParams);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await res.json()).toMatchObject({ verdict: "unchecked" });
  });
});
