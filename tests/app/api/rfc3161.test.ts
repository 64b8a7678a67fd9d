import crypto from "node:crypto";
import { agreedRecipient, createPublished, createShare, createUser, TEST_ORIGIN } from "../../factories";
import { setEnv } from "../../db-utils";
import { useFakeTsa } from "../../lib/domain/timestamps/tsa-helpers";
import { opensslVerifiesToken } from "../../fakes/tsa";
import { db } from "@/lib/platform/db";
import { pendingJobs } from "@/lib/platform/jobs";
import { runJobsUntilIdle } from "@/lib/features/jobs/worker";
import { MAX_TSA_ATTEMPTS, runTsaJob } from "@/lib/domain/timestamps/rfc3161/tokens";
import { publishIdea } from "@/lib/domain/ideas";
import { runTimestampJobs } from "@/lib/domain/evidence/jobs";
import { createDraft } from "../../factories";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET as timestampGET } from "@/app/api/ideas/[id]/timestamp/route";
import { GET as tsrGET } from "@/app/api/ideas/[id]/timestamp/tsr/route";
import { GET as ndasGET } from "@/app/api/ideas/[id]/ndas/route";
import { GET as ndaTsrGET } from "@/app/api/ndas/[id]/timestamp/tsr/route";
import { GET as versionsGET } from "@/app/api/ideas/[id]/versions/route";
import { GET as ideasGET } from "@/app/api/ideas/route";
import { GET as packGET } from "@/app/api/ideas/[id]/evidence.zip/route";
import { GET as manifestTsrGET } from "@/app/api/ideas/[id]/evidence/[packId]/manifest.tsr/route";
import { routeSession } from "../../route-harness";

/**
 * RFC 3161 beside OpenTimestamps: every proof gets a token from the first time-stamping authority of TSA_URLS (a
 * fake on loopback answering real openssl tokens), fetched at once by its own job, shown as `rfc3161` wherever the
 * proof's state is, and served as .tsr beside each .ots; openssl verifies every token the tests keep.
 */
const fake = useFakeTsa();

const params = (id: string | number) => ({ params: Promise.resolve({ id: String(id) }) });
const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`);
const signIn = (user: { id: string; name: string; email: string }) => {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
};

async function publishedIdea() {
  const owner = await createUser();
  signIn(owner);
  const idea = await createPublished(owner.id, { title: "Second clock" });
  const proof = await db.timestampProof.findFirstOrThrow({ where: { ideaVersion: { ideaId: idea.id } }, include: { tsaToken: true } });
  return { owner, idea, proof };
}

describe("publishing", () => {
  it("gets a verified token within seconds: rfc3161 in the API, the .tsr beside the .ots, and openssl agrees", async () => {
    const owner = await createUser();
    signIn(owner);
    const draft = await createDraft(owner.id, { title: "Budget" });
    const started = performance.now();
    await publishIdea(owner.id, draft.id);
    const proof = await db.timestampProof.findFirstOrThrow({ where: { ideaVersion: { ideaId: draft.id } }, include: { tsaToken: true } });
    // Queued with the proof, in the same transaction, with its job.
    expect(proof.tsaToken).toMatchObject({ state: "pending", attempts: 0 });
    expect(await pendingJobs(["tsa"])).toBe(1);
    const before = await (await timestampGET(get(`/api/ideas/${draft.id}/timestamp`), params(draft.id))).json();
    expect(before.rfc3161).toEqual({ state: "pending", tsa: null, genTime: null, serial: null });
    const notYet = await tsrGET(get(`/api/ideas/${draft.id}/timestamp/tsr`), params(draft.id));
    expect(notYet.status).toBe(404);
    expect((await notYet.json()).error).toMatch(/No RFC 3161 token yet/);

    await runJobsUntilIdle(["tsa"]);
    const elapsed = performance.now() - started;
    // The budget (a token within 5 s of publishing with a responsive authority) is reported, not asserted: a busy
    // machine is no failure of the code.
    console.info(`[rfc3161] publish → granted token in ${Math.round(elapsed)} ms`);

    const host = new URL(fake.tsa.url).host;
    const status = await (await timestampGET(get(`/api/ideas/${draft.id}/timestamp`), params(draft.id))).json();
    expect(status.rfc3161).toEqual({ state: "granted", tsa: host, genTime: expect.any(String), serial: expect.stringMatching(/^[0-9a-f]+$/) });
    expect(Math.abs(Date.parse(status.rfc3161.genTime) - Date.now())).toBeLessThan(60_000);

    const res = await tsrGET(get(`/api/ideas/${draft.id}/timestamp/tsr`), params(draft.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/timestamp-reply");
    expect(res.headers.get("content-disposition")).toMatch(/idea-\d+\.html\.tsr/);
    const tsr = Buffer.from(await res.arrayBuffer());
    expect(opensslVerifiesToken(fake.pki, tsr, proof.digest)).toMatchObject({ ok: true });

    // The versions list and the portfolio carry the same state.
    const versions = await (await versionsGET(get(`/api/ideas/${draft.id}/versions`), params(draft.id))).json();
    expect(versions[0].timestamp.rfc3161).toMatchObject({ state: "granted", tsa: host });
    const ideas = await (await ideasGET(get("/api/ideas"), { params: Promise.resolve({}) })).json();
    expect(ideas[0].timestamp.rfc3161).toMatchObject({ state: "granted", tsa: host });
  });

  it("stamps each NDA acceptance too, served beside its .ots with the same owner-only access", async () => {
    const { owner, idea } = await publishedIdea();
    const share = await createShare(owner.id, idea.id);
    await agreedRecipient(share);
    await runJobsUntilIdle(["tsa"]);
    const ndas = await (await ndasGET(get(`/api/ideas/${idea.id}/ndas`), params(idea.id))).json();
    expect(ndas).toHaveLength(1);
    expect(ndas[0].timestamp.rfc3161).toMatchObject({ state: "granted" });
    const res = await ndaTsrGET(get(`/api/ndas/${ndas[0].id}/timestamp/tsr`), params(ndas[0].id));
    expect(res.status).toBe(200);
    expect(opensslVerifiesToken(fake.pki, Buffer.from(await res.arrayBuffer()), ndas[0].timestamp.digest).ok).toBe(true);
    // Another creator gets the same 404 as for an unknown record.
    signIn(await createUser());
    expect((await ndaTsrGET(get(`/api/ndas/${ndas[0].id}/timestamp/tsr`), params(ndas[0].id))).status).toBe(404);
    expect((await tsrGET(get(`/api/ideas/${idea.id}/timestamp/tsr`), params(idea.id))).status).toBe(404);
  });
});

/** The archive's files, extracted by Python's zipfile (an independent reader). */
function extract(zip: Buffer): Record<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-tsr-pack-"));
  try {
    fs.writeFileSync(path.join(dir, "pack.zip"), zip);
    execFileSync("/usr/bin/python3", ["-m", "zipfile", "-e", path.join(dir, "pack.zip"), path.join(dir, "out")]);
    const out: Record<string, Buffer> = {};
    for (const name of fs.readdirSync(path.join(dir, "out"), { recursive: true }) as string[]) {
      const file = path.join(dir, "out", name);
      if (fs.statSync(file).isFile()) out[name] = fs.readFileSync(file);
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the evidence pack", () => {
  it("holds each token beside its .ots and the authorities' certificates; its manifest gets a token of its own", async () => {
    const { owner, idea, proof } = await publishedIdea();
    await agreedRecipient(await createShare(owner.id, idea.id));
    await runJobsUntilIdle(["tsa"]);
    const res = await packGET(get(`/api/ideas/${idea.id}/evidence.zip`), params(idea.id));
    const files = extract(Buffer.from(await res.arrayBuffer()));
    const host = new URL(fake.tsa.url).host.replace(":", "_");
    const version = Object.keys(files).find((n) => /^versions\/v1\/idea-\d+\.html\.tsr$/.test(n))!;
    const record = Object.keys(files).find((n) => /^agreements\/[^/]+\/nda-acceptance-[^/]+\.json\.tsr$/.test(n))!;
    expect(opensslVerifiesToken(fake.pki, files[version], proof.digest).ok).toBe(true);
    expect(opensslVerifiesToken(fake.pki, files[record], crypto.createHash("sha256").update(files[record.replace(/\.tsr$/, "")]).digest("hex")).ok).toBe(true);
    const pem = files[`tsa/${host}.pem`].toString();
    expect(pem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    // The pack's own certificates are enough for openssl to verify its tokens (the CA's is among them).
    const pemFile = path.join(fake.pki.dir, `pack-${idea.id}.pem`);
    fs.writeFileSync(pemFile, pem);
    expect(opensslVerifiesToken({ ...fake.pki, caPem: pemFile }, files[version], proof.digest).ok).toBe(true);
    const manifest = JSON.parse(files["manifest.json"].toString());
    expect(manifest.versions[0]).toMatchObject({ tsr: version, timestamp: { rfc3161: { state: "granted" } } });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining([version, record, `tsa/${host}.pem`]));

    const packId = manifest.pack as string;
    const call = () => manifestTsrGET(get(`/api/ideas/${idea.id}/evidence/${packId}/manifest.tsr`), { params: Promise.resolve({ id: String(idea.id), packId }) });
    expect((await call()).status).toBe(404);
    await runJobsUntilIdle(["tsa"]);
    const tsr = await call();
    expect(tsr.status).toBe(200);
    expect(tsr.headers.get("content-type")).toBe("application/timestamp-reply");
    const digest = crypto.createHash("sha256").update(files["manifest.json"]).digest("hex");
    expect(opensslVerifiesToken(fake.pki, Buffer.from(await tsr.arrayBuffer()), digest).ok).toBe(true);
  });
});

describe("a failing authority", () => {
  it("moves to the next authority of TSA_URLS", async () => {
    fake.tsa.mode = "ok";
    setEnv({ TSA_URLS: `http://127.0.0.1:9/tsr,${fake.tsa.url}` });
    const { proof } = await publishedIdea();
    await runJobsUntilIdle(["tsa"]);
    expect(await db.tsaToken.findUniqueOrThrow({ where: { proofId: proof.id } })).toMatchObject({ state: "granted", tsaUrl: fake.tsa.url, attempts: 1 });
  });

  it.each(["refuse", "wrong-nonce", "bad-signature", "no-eku", "garbage"] as const)("answering %s is retried later with backoff, nothing stored", async (mode) => {
    fake.tsa.mode = mode;
    const { idea, proof } = await publishedIdea();
    const started = Date.now();
    await runJobsUntilIdle(["tsa"]);
    const token = await db.tsaToken.findUniqueOrThrow({ where: { proofId: proof.id } });
    expect(token).toMatchObject({ state: "pending", attempts: 1, token: null, genTime: null });
    expect(token.lastError).toContain("127.0.0.1");
    // The next attempt a minute later, as a job of its own.
    expect(token.nextAttemptAt.getTime() - started).toBeGreaterThanOrEqual(59_000);
    const [next] = await db.$queryRawUnsafe<{ start_after: Date; data: { tokenId: string } }[]>(
      `SELECT start_after, data FROM pgboss.job WHERE name = 'tsa' AND state = 'created'`,
    );
    expect(next.data.tokenId).toBe(token.id);
    expect(Math.abs(next.start_after.getTime() - token.nextAttemptAt.getTime())).toBeLessThan(1_000);
    const status = await (await timestampGET(get(`/api/ideas/${idea.id}/timestamp`), params(idea.id))).json();
    expect(status.rfc3161.state).toBe("pending");
  });

  it("doubles the wait each attempt, then gives up: failed, and the .tsr is a 404 saying so", async () => {
    fake.tsa.mode = "error";
    const { idea, proof } = await publishedIdea();
    const token = await db.tsaToken.findUniqueOrThrow({ where: { proofId: proof.id } });
    let now = new Date();
    const waits: number[] = [];
    for (let i = 1; i <= 3; i++) {
      expect(await runTsaJob({ tokenId: token.id }, now)).toMatchObject({ state: "pending" });
      const t = await db.tsaToken.findUniqueOrThrow({ where: { id: token.id } });
      waits.push((t.nextAttemptAt.getTime() - now.getTime()) / 60_000);
      // Not due before then: a run changes nothing.
      expect(await runTsaJob({ tokenId: token.id }, new Date(t.nextAttemptAt.getTime() - 1))).toMatchObject({ state: "skipped" });
      now = t.nextAttemptAt;
    }
    expect(waits).toEqual([1, 2, 4]);
    await db.tsaToken.update({ where: { id: token.id }, data: { attempts: MAX_TSA_ATTEMPTS - 1 } });
    expect(await runTsaJob({ tokenId: token.id }, now)).toMatchObject({ state: "failed" });
    const failed = await db.tsaToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(failed).toMatchObject({ state: "failed", attempts: MAX_TSA_ATTEMPTS });
    expect(failed.lastError).toMatch(/^Gave up after 30 attempts: 127\.0\.0\.1:\d+: HTTP 500/);
    const status = await (await timestampGET(get(`/api/ideas/${idea.id}/timestamp`), params(idea.id))).json();
    expect(status.rfc3161).toEqual({ state: "failed", tsa: null, genTime: null, serial: null });
    const res = await tsrGET(get(`/api/ideas/${idea.id}/timestamp/tsr`), params(idea.id));
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatch(/did not grant one/);
  });

  it("a run that crashed is retried by the queue (after the token's lease)", async () => {
    fake.tsa.mode = "ok";
    const { proof } = await publishedIdea();
    const token = await db.tsaToken.findUniqueOrThrow({ where: { proofId: proof.id } });
    // A worker claimed it and died: the lease holds other runs off until it has passed.
    await db.tsaToken.update({ where: { id: token.id }, data: { attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) } });
    expect(await runTsaJob({ tokenId: token.id })).toMatchObject({ state: "skipped" });
    expect(await runTsaJob({ tokenId: token.id }, new Date(Date.now() + 61_000))).toMatchObject({ state: "granted" });
  });
});

describe("TSA_URLS empty", () => {
  it("gives proofs made before tokens, or while they were off, a token on the next timestamp job run", async () => {
    setEnv({ TSA_URLS: "" });
    const { owner: ownerA, idea: whileOff, proof: offProof } = await publishedIdea();
    expect(offProof.tsaToken).toMatchObject({ state: "off" });
    const { owner: ownerB, idea: before, proof: beforeProof } = await publishedIdea();
    await db.tsaToken.delete({ where: { proofId: beforeProof.id } }); // as a proof made before tokens existed
    // Still off: nothing is asked for.
    expect((await runTimestampJobs()).tsaTokens).toBe(0);

    setEnv({ TSA_URLS: fake.tsa.url });
    expect((await runTimestampJobs()).tsaTokens).toBe(2);
    await runJobsUntilIdle(["tsa"]);
    for (const [owner, idea] of [[ownerA, whileOff], [ownerB, before]] as const) {
      signIn(owner);
      const status = await (await timestampGET(get(`/api/ideas/${idea.id}/timestamp`), params(idea.id))).json();
      expect(status.rfc3161).toMatchObject({ state: "granted", tsa: new URL(fake.tsa.url).host });
    }
    const der = await db.tsaToken.findUniqueOrThrow({ where: { proofId: beforeProof.id } });
    expect(opensslVerifiesToken(fake.pki, Buffer.from(der.token!), beforeProof.digest)).toMatchObject({ ok: true });
    // Nothing is missing any more: nothing is asked for twice.
    expect((await runTimestampJobs()).tsaTokens).toBe(0);
  });

  it("turns tokens off: state off, no job, no request, the .tsr a 404", async () => {
    setEnv({ TSA_URLS: "" });
    const { idea, proof } = await publishedIdea();
    expect(proof.tsaToken).toMatchObject({ state: "off" });
    expect(await pendingJobs(["tsa"])).toBe(0);
    const status = await (await timestampGET(get(`/api/ideas/${idea.id}/timestamp`), params(idea.id))).json();
    expect(status.rfc3161).toEqual({ state: "off", tsa: null, genTime: null, serial: null });
    const res = await tsrGET(get(`/api/ideas/${idea.id}/timestamp/tsr`), params(idea.id));
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatch(/turned off/);
    expect(fake.tsa.requests).toHaveLength(0);
  });
});
