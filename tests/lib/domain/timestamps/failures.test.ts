import { db } from "@/lib/platform/db";
import { ValidationError } from "@/lib/platform/http/errors";
import { createIdea, publishIdea } from "@/lib/domain/ideas";
import { getIdeaOts, getIdeaStampedFile, getIdeaTimestamp } from "@/lib/domain/evidence/proofs";
import { MAX_STAMP_ATTEMPTS } from "@/lib/domain/timestamps/stamp";
import { PENDING_GIVE_UP_MS } from "@/lib/domain/timestamps/upgrade";
import { runTimestampJobs } from "@/lib/domain/evidence/jobs";
import { verifyProof } from "@/lib/domain/timestamps/verify";
import { createUser } from "../../../factories";
import { deadUrl } from "../../../fakes/http-server";
import { makeJobsDue, waitingJobs } from "../../../db-utils";
import { configure, expectSameInPython, runStamping, runUpgradeChecks, useFakeNetwork } from "./helpers";

const fakes = useFakeNetwork({ calendars: 3, explorers: 2 });
const HOUR = 3600_000;

async function publishMany(n: number) {
  const user = await createUser();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const idea = await createIdea(user.id, { title: `Idea ${i}`, content: `<p>Secret ${i}</p>` });
    await publishIdea(user.id, idea.id);
    ids.push(idea.id);
  }
  return { user, ids };
}

const proofs = () => db.timestampProof.findMany({ orderBy: { ideaId: "asc" } });

/** Stamped, mined and due for its upgrade check. */
async function stampAndMine(n = 2) {
  const published = await publishMany(n);
  await runStamping();
  fakes.net.mineAll();
  return published;
}

/** The waiting jobs of `name` were scheduled `delayMs` after a run that took place between `from` and `to`. */
async function expectScheduled(name: "stamp" | "timestamp-upgrade", delayMs: number, from: number, to: number) {
  const jobs = await waitingJobs(name);
  expect(jobs.length).toBeGreaterThan(0);
  for (const j of jobs) {
    expect(j.startAfter.getTime()).toBeGreaterThanOrEqual(from + delayMs);
    expect(j.startAfter.getTime()).toBeLessThanOrEqual(to + delayMs);
  }
  return jobs;
}

describe("timestamps: calendars that fail", () => {
  it("goes ahead without a calendar that is down, as long as the minimum answered", async () => {
    const down = await deadUrl();
    configure(fakes.net, { OTS_CALENDARS: [down, ...fakes.net.calendars.slice(0, 2).map((c) => c.url)].join(",") });
    await publishMany(2);
    expect(await runStamping()).toMatchObject({ queued: 2, submitted: 2, calendars: 2 });
    for (const p of await proofs()) {
      expect(p).toMatchObject({ status: "pending", calendars: fakes.net.calendars.slice(0, 2).map((c) => c.url) });
      expect(p.lastError).toContain(new URL(down).host);
    }
    expectSameInPython((await proofs()).map((p) => Buffer.from(p.ots!)));
  });

  it("does not wait for a calendar that hangs", async () => {
    configure(fakes.net, { OTS_TIMEOUT_MS: "500" });
    fakes.net.calendars[2].mode = "hang";
    await publishMany(2);
    const started = Date.now();
    expect(await runStamping()).toMatchObject({ submitted: 2, calendars: 2 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await proofs())[0].lastError).toContain("no answer within 500 ms");
  });

  it("retries later with backoff when fewer than the minimum answered, and never stores an .ots without attestations", async () => {
    fakes.net.calendars[0].mode = "error";
    fakes.net.calendars[1].mode = "garbage";
    const { user, ids } = await publishMany(3);
    let from = Date.now();
    expect(await runStamping()).toMatchObject({ queued: 3, submitted: 0, calendars: 1, retrying: 3 });
    let jobs = await expectScheduled("stamp", 60_000, from, Date.now());
    expect(jobs.map((j) => j.data.attempt)).toEqual([2, 2, 2]);
    for (const p of await proofs()) {
      expect(p).toMatchObject({ status: "queued", ots: null, calendars: [] });
      expect(p.lastError).toMatch(/^1 of 3 calendars accepted the digest \(2 needed\): .*HTTP 500.*invalid answer/);
    }
    await expect(getIdeaOts(user.id, ids[0])).rejects.toMatchObject({ status: 404 });
    expect(await getIdeaTimestamp(user.id, ids[0])).toMatchObject({ status: "queued", error: expect.stringContaining("1 of 3 calendars") });

    // Not due yet: nothing is sent.
    expect(await runStamping()).toMatchObject({ queued: 0 });
    expect(fakes.net.calendars[2].submissions).toHaveLength(1);
    // Due again, still refused: the wait doubles.
    await makeJobsDue("stamp");
    from = Date.now();
    expect(await runStamping()).toMatchObject({ queued: 3, retrying: 3 });
    jobs = await expectScheduled("stamp", 120_000, from, Date.now());
    expect(jobs.map((j) => j.data.attempt)).toEqual([3, 3, 3]);
    // The calendars are back: the same digests go through.
    fakes.net.calendars[0].mode = "ok";
    fakes.net.calendars[1].mode = "ok";
    await makeJobsDue("stamp");
    expect(await runStamping()).toMatchObject({ queued: 3, submitted: 3, calendars: 3 });
    expect((await proofs()).every((p) => p.status === "pending" && p.lastError === null)).toBe(true);
    expect(await waitingJobs("stamp")).toEqual([]);
  });

  it("gives up visibly after the last attempt", async () => {
    configure(fakes.net, { OTS_CALENDARS: [await deadUrl(), await deadUrl()].join(",") });
    const { user, ids } = await publishMany(1);
    // Its job is the last attempt.
    await db.$executeRawUnsafe(`UPDATE pgboss.job SET data = jsonb_set(data, '{attempt}', to_jsonb($1::int)) WHERE name = 'stamp'`, MAX_STAMP_ATTEMPTS);
    expect(await runStamping()).toMatchObject({ failed: 1 });
    const status = await getIdeaTimestamp(user.id, ids[0]);
    expect(status).toMatchObject({ status: "failed", bitcoin: null });
    expect(status.error).toMatch(new RegExp(`^Timestamping gave up after ${MAX_STAMP_ATTEMPTS} attempts: 0 of 2 calendars`));
    // Nothing is tried again: no job waits, and the sweep gives a failed proof none.
    expect(await waitingJobs("stamp")).toEqual([]);
    expect(await runTimestampJobs()).toMatchObject({ adopted: { stamp: 0, upgrade: 0 } });
  });

  it("runs once when two job runs start together", async () => {
    await publishMany(5);
    const [a, b] = await Promise.all([runStamping(), runStamping()]);
    expect(a.queued + b.queued).toBe(5);
    expect(a.submitted + b.submitted).toBe(5);
    expect(fakes.net.calendars.map((c) => c.submissions.length)).toEqual([1, 1, 1]);
    expect((await proofs()).every((p) => p.status === "pending")).toBe(true);

    fakes.net.mineAll();
    await makeJobsDue("timestamp-upgrade");
    const [c, d] = await Promise.all([runUpgradeChecks({ makeDue: false }), runUpgradeChecks({ makeDue: false })]);
    expect(c.checked + d.checked).toBe(5);
    expect(c.confirmed + d.confirmed).toBe(5);
    expect(fakes.net.calendars.map((cal) => cal.upgradeRequests.length).every((n) => n <= 2)).toBe(true);
  });
});

describe("timestamps: upgrades that must not confirm", () => {
  it("stays pending while the calendars wait for a block, with a growing interval", async () => {
    await publishMany(1);
    await runStamping();
    let from = Date.now();
    expect(await runUpgradeChecks()).toMatchObject({ checked: 1, pending: 1 });
    expect((await proofs())[0]).toMatchObject({ status: "pending", lastError: null });
    expect((await expectScheduled("timestamp-upgrade", 5 * 60_000, from, Date.now())).map((j) => j.data.check)).toEqual([2]);
    from = Date.now();
    expect(await runUpgradeChecks()).toMatchObject({ checked: 1, pending: 1 });
    expect((await expectScheduled("timestamp-upgrade", 10 * 60_000, from, Date.now())).map((j) => j.data.check)).toEqual([3]);
  });

  it("never confirms on a tampered explorer answer (one explorer configured): the proof fails with the reason", async () => {
    configure(fakes.net, { ESPLORA_URL: fakes.net.explorers[0].url });
    const { user, ids } = await stampAndMine();
    fakes.net.explorers[0].mode = "tamper";
    expect(await runUpgradeChecks()).toMatchObject({ upgraded: 2, confirmed: 0, failed: 2 });
    expect(await waitingJobs("timestamp-upgrade")).toEqual([]);
    const status = await getIdeaTimestamp(user.id, ids[0]);
    expect(status).toMatchObject({ status: "failed", bitcoin: null });
    expect(status.error).toMatch(/Bitcoin block \d+'s merkle root [0-9a-f]{64} \(127\.0\.0\.1:\d+\) does not match the proof/);
    // The upgraded proof is kept (it can be checked elsewhere), and /verify says it is not valid here.
    const file = await getIdeaStampedFile(user.id, ids[0]);
    const ots = await getIdeaOts(user.id, ids[0]);
    expect(await verifyProof(file.bytes, ots.bytes)).toMatchObject({ matches: true, verdict: "invalid", bitcoin: null });
  });

  it("does not confirm while the explorers disagree, and confirms once they agree", async () => {
    const { user, ids } = await stampAndMine();
    fakes.net.explorers[1].mode = "tamper";
    expect(await runUpgradeChecks()).toMatchObject({ confirmed: 0, pending: 2 });
    expect(await getIdeaTimestamp(user.id, ids[0])).toMatchObject({ status: "pending", error: expect.stringContaining("Block explorers disagree") });
    fakes.net.explorers[1].mode = "ok";
    expect(await runUpgradeChecks()).toMatchObject({ confirmed: 2 });
  });

  it("waits when no explorer answers, and confirms with the ones that do", async () => {
    configure(fakes.net, { OTS_TIMEOUT_MS: "400" });
    const { user, ids } = await stampAndMine();
    fakes.net.explorers[0].mode = "hang";
    fakes.net.explorers[1].mode = "error";
    expect(await runUpgradeChecks()).toMatchObject({ upgraded: 2, confirmed: 0, pending: 2 });
    expect((await getIdeaTimestamp(user.id, ids[0])).error).toContain("No block explorer answered");
    // The upgrade was saved even though it could not be confirmed yet.
    expect((await proofs())[0].ots!.length).toBeGreaterThan(0);
    fakes.net.explorers[1].mode = "ok"; // one answers, one still hangs
    expect(await runUpgradeChecks()).toMatchObject({ confirmed: 2 });
  });

  it("gives up on a proof no calendar anchored in time", async () => {
    await publishMany(1);
    await runStamping();
    // Submitted longer ago than the limit.
    await db.timestampProof.updateMany({ data: { submittedAt: new Date(Date.now() - PENDING_GIVE_UP_MS - HOUR) } });
    expect(await runUpgradeChecks()).toMatchObject({ failed: 1 });
    expect(await waitingJobs("timestamp-upgrade")).toEqual([]);
    const p = (await proofs())[0];
    expect(p.status).toBe("failed");
    expect(p.lastError).toMatch(/^No Bitcoin attestation could be confirmed within 30 days/);
    expect(p.ots).not.toBeNull();
  });
});

describe("timestamps: verification", () => {
  async function confirmedProof() {
    const { user, ids } = await stampAndMine(1);
    await runUpgradeChecks();
    return { file: await getIdeaStampedFile(user.id, ids[0]), ots: await getIdeaOts(user.id, ids[0]) };
  }

  it("says a tampered file does not match", async () => {
    const { file, ots } = await confirmedProof();
    const tampered = Buffer.from(file.bytes);
    tampered[tampered.length - 2] ^= 1;
    const asked = fakes.net.explorers.map((e) => e.requests.length);
    const result = await verifyProof(tampered, ots.bytes);
    expect(result).toMatchObject({ matches: false, verdict: "mismatch", bitcoin: null });
    expect(result.message).toMatch(/^This file does not match the proof/);
    expect(result.attestations.filter((a) => a.kind === "bitcoin")).toEqual(Array(3).fill(expect.objectContaining({ result: "not-checked" })));
    // A file that does not match sends nobody anywhere.
    expect(fakes.net.explorers.map((e) => e.requests.length)).toEqual(asked);
    expect(await verifyProof(file.bytes, ots.bytes)).toMatchObject({ matches: true, verdict: "confirmed" });
  });

  it("refuses a damaged proof with a 400", async () => {
    const { file, ots } = await confirmedProof();
    const cases = [ots.bytes.subarray(0, ots.bytes.length - 3), Buffer.concat([ots.bytes, Buffer.from([0])]), Buffer.from("not a proof")];
    for (const bad of cases) await expect(verifyProof(file.bytes, bad)).rejects.toBeInstanceOf(ValidationError);
    // A flipped operation byte either breaks the format or changes what the proof commits to.
    const flipped = Buffer.from(ots.bytes);
    flipped[flipped.length - 20] ^= 0x55;
    const outcome = await verifyProof(file.bytes, flipped).catch((err: unknown) => err);
    if (!(outcome instanceof ValidationError)) expect(outcome).not.toMatchObject({ verdict: "confirmed" });
  });

  it("completes a proof downloaded while it was pending", async () => {
    const { user, ids } = await publishMany(1);
    await runStamping();
    const early = await getIdeaOts(user.id, ids[0]);
    const file = await getIdeaStampedFile(user.id, ids[0]);
    expect(await verifyProof(file.bytes, early.bytes)).toMatchObject({ matches: true, verdict: "pending", upgradedOts: null });
    fakes.net.mineAll();
    const result = await verifyProof(file.bytes, early.bytes);
    expect(result).toMatchObject({ matches: true, verdict: "confirmed" });
    expect(result.upgradedOts).not.toBeNull();
    expectSameInPython([early.bytes, Buffer.from(result.upgradedOts!, "base64")]);
    expect(await verifyProof(file.bytes, Buffer.from(result.upgradedOts!, "base64"))).toMatchObject({ verdict: "confirmed", upgradedOts: null });
  });

  it("never contacts a calendar a foreign proof names", async () => {
    const { file, ots } = await confirmedProof();
    // A proof whose pending attestation points elsewhere is reported, not followed.
    configure(fakes.net, { OTS_CALENDARS: "https://calendar.example.org", OTS_MIN_CALENDARS: "1" });
    const before = fakes.net.calendars.map((c) => c.upgradeRequests.length);
    const result = await verifyProof(file.bytes, ots.bytes);
    expect(result.verdict).toBe("confirmed");
    expect(result.attestations.filter((a) => a.kind === "pending")).toHaveLength(3);
    expect(fakes.net.calendars.map((c) => c.upgradeRequests.length)).toEqual(before);
  });
});
