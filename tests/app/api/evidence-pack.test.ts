import { PDFDocument } from "pdf-lib";
import { bytesOf, sha256, text, unzip } from "../../support/unzip";
import { agreedRecipient, createDraft, createPublished, createShare, createUser, TEST_ORIGIN } from "../../factories";
import { expectSameInPython, runStamping, useFakeNetwork } from "../../lib/domain/timestamps/helpers";
import { db } from "@/lib/platform/db";
import { ndaEvidenceDigest, ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { getIdeaStampedFile } from "@/lib/domain/evidence/proofs";
import { verifyProof } from "@/lib/domain/timestamps/verify";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET as packGET } from "@/app/api/ideas/[id]/evidence.zip/route";
import { GET as manifestOtsGET } from "@/app/api/ideas/[id]/evidence/[packId]/manifest.ots/route";
import { routeSession } from "../../route-harness";
import { verifyHtml } from "@/lib/domain/evidence/verify-html";
import { summary, verifyPack } from "@/lib/domain/evidence/verify-html/checks";

useFakeNetwork({ calendars: 2, explorers: 1 });

const packCall = (ideaId: number | string) =>
  packGET(new Request(`${TEST_ORIGIN}/api/ideas/${ideaId}/evidence.zip`), { params: Promise.resolve({ id: String(ideaId) }) });
const manifestOtsCall = (ideaId: number | string, packId: string) =>
  manifestOtsGET(new Request(`${TEST_ORIGIN}/api/ideas/${ideaId}/evidence/${packId}/manifest.ots`), {
    params: Promise.resolve({ id: String(ideaId), packId }),
  });

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

type Manifest = {
  format: string;
  pack: string;
  createdAt: string;
  idea: { id: number; title: string };
  manifestTimestamp: { ots: string };
  versions: { version: number; file: string; sha256: string; ots: string | null; guide: string; timestamp: { status: string } }[];
  agreements: { id: string; name: string; agreement: string; certificate: string; record: string; ots: string | null; timestamp: { status: string; digest: string } }[];
  files: { path: string; sha256: string; size: number }[];
  problems: string[];
};

/**
 * Every file before the manifest is listed in it with the SHA-256 and size of its bytes in the archive, and nothing
 * else is; after it comes only the certification template, which names the manifest by its digest.
 */
function expectManifestMatches(zip: ReturnType<typeof unzip>): Manifest {
  expect(zip.bad).toBeNull();
  expect(zip.names.slice(-2)).toEqual(["manifest.json", "certification.txt"]);
  expect(text(zip.entries["certification.txt"])).toContain(`SHA-256 of manifest.json:  ${sha256(bytesOf(zip.entries["manifest.json"]))}`);
  const manifest = JSON.parse(text(zip.entries["manifest.json"])) as Manifest;
  expect(manifest.files.map((f) => f.path)).toEqual(zip.names.slice(0, -2));
  expect(manifest.files.map((f) => f.path)).toContain("measures.pdf");
  for (const f of manifest.files) {
    const bytes = bytesOf(zip.entries[f.path]);
    expect({ path: f.path, sha256: sha256(bytes), size: bytes.length }).toEqual(f);
  }
  return manifest;
}

async function readAll(res: Response) {
  return Buffer.from(await res.arrayBuffer());
}

describe("GET /api/ideas/{id}/evidence.zip", () => {
  afterEach(() => {
    session.user = null;
  });

  it("holds the stamped version with its .ots and guide, every agreement's certificate, record and .ots, the activity and a manifest of it all; the manifest's digest is stamped and served", async () => {
    const ada = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
    const share = await createShare(ada.id, idea.id);
    const grace = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
    const alan = await agreedRecipient(share, { name: "Alan Turing", email: "alan@example.com" });
    // The idea and both acceptances get real proofs from the fake calendars.
    expect(await runStamping()).toMatchObject({ submitted: 3 });
    // Alan accepted the owner's own agreement (as lib/domain/recipients/accept-nda.ts records it), Grace the standard one.
    await db.ndaAcceptance.updateMany({ where: { recipientId: alan.id }, data: { agreementTitle: "Mutual NDA", agreementVersionNumber: 2 } });
    const ndas = await db.ndaAcceptance.findMany({ where: { ideaId: idea.id }, include: { timestamp: true }, orderBy: { acceptedAt: "asc" } });
    expect(ndas.map((n) => n.recipientId).sort()).toEqual([grace.id, alan.id].sort());
    const ideaProof = await db.timestampProof.findFirstOrThrow({ where: { ideaVersion: { ideaId: idea.id, version: 1 } } });

    signIn(ada);
    const res = await packCall(idea.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="evidence-idea-${idea.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"`));
    const packBytes = await readAll(res);
    const zip = unzip(packBytes);
    const manifest = expectManifestMatches(zip);

    const v = `versions/v1/idea-${idea.id}.html`;
    const expected = [
      "README.txt",
      v,
      `${v}.ots`,
      "versions/v1/HOW-TO-VERIFY.txt",
      ...ndas.flatMap((n) => [
        `agreements/${n.id}/nda-certificate-${n.id}.pdf`,
        `agreements/${n.id}/nda-acceptance-${n.id}.json`,
        `agreements/${n.id}/nda-acceptance-${n.id}.json.ots`,
      ]),
      "activity.csv",
      ...[grace.id, alan.id].sort().map((id) => `receipts/${id}.json`),
      "log/log.jsonl",
      "verify.html",
      "measures.pdf",
      "manifest.json",
      "certification.txt",
    ];
    expect(zip.names).toEqual(expected);

    // verify.html, with the checks it runs in a browser (here in Node, which has the same WebCrypto): they all pass.
    expect(text(zip.entries["verify.html"])).toBe(verifyHtml());
    const checks = await verifyPack(new Uint8Array(packBytes));
    expect(summary(checks)).toBe(`All ${checks.length} checks passed`);

    // The version: the exact stamped bytes and their proof, which verifies.
    const stamped = bytesOf(zip.entries[v]);
    expect(stamped).toEqual((await getIdeaStampedFile(ada.id, idea.id)).bytes);
    expect(bytesOf(zip.entries[`${v}.ots`])).toEqual(Buffer.from(ideaProof.ots!));
    expect(await verifyProof(stamped, bytesOf(zip.entries[`${v}.ots`]))).toMatchObject({ matches: true });
    const guide = text(zip.entries["versions/v1/HOW-TO-VERIFY.txt"]);
    expect(guide).toMatch(/https?:\/\/\S+\/verify and give it/);
    expect(guide).toContain(`ots verify idea-${idea.id}.html.ots`);
    expect(guide).toContain(ideaProof.digest);

    // Each agreement: a certificate PDF naming the recipient, the record its proof covers, and that proof.
    for (const n of ndas) {
      const folder = `agreements/${n.id}`;
      const pdf = bytesOf(zip.entries[`${folder}/nda-certificate-${n.id}.pdf`]);
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect((await PDFDocument.load(pdf)).getTitle()).toContain(n.name);
      const record = bytesOf(zip.entries[`${folder}/nda-acceptance-${n.id}.json`]);
      expect(record).toEqual(ndaEvidenceDocument(n));
      expect(sha256(record)).toBe(n.timestamp!.digest);
      expect(bytesOf(zip.entries[`${folder}/nda-acceptance-${n.id}.json.ots`])).toEqual(Buffer.from(n.timestamp!.ots!));
    }
    expect(text(zip.entries["activity.csv"])).toMatch(/^Time \(UTC\),Event,/);
    expect(text(zip.entries["activity.csv"])).toContain("Grace Hopper");
    expect(text(zip.entries["README.txt"])).toContain(manifest.manifestTimestamp.ots);

    expect(manifest).toMatchObject({
      format: "ideavault-evidence-pack-1",
      idea: { id: idea.id, title: "Solar Kettle" },
      versions: [{ version: 1, file: v, sha256: ideaProof.digest, ots: `${v}.ots`, guide: "versions/v1/HOW-TO-VERIFY.txt", timestamp: { status: "pending" } }],
      problems: [],
    });
    expect(manifest.agreements.map((a) => a.name)).toEqual(ndas.map((n) => n.name));
    expect(manifest.agreements.map((a) => a.agreement)).toEqual(
      ndas.map((n) => (n.recipientId === alan.id ? "Mutual NDA, version 2" : `Standard agreement, version ${n.agreementVersion}`)),
    );
    expect(manifest.manifestTimestamp.ots).toMatch(new RegExp(`/api/ideas/${idea.id}/evidence/${manifest.pack}/manifest\\.ots$`));

    // The pack is recorded with its manifest's digest, queued for a timestamp.
    const manifestBytes = bytesOf(zip.entries["manifest.json"]);
    const pack = await db.evidencePack.findUniqueOrThrow({ where: { id: manifest.pack }, include: { timestamp: true } });
    expect(pack).toMatchObject({ ideaId: idea.id, manifestSha256: sha256(manifestBytes), createdAt: new Date(manifest.createdAt) });
    expect(pack.timestamp).toMatchObject({ status: "queued", digest: sha256(manifestBytes), ideaId: null, ndaAcceptanceId: null });

    // Not ready: a clear 409. After the job: the .ots, which proves manifest.json.
    const early = await manifestOtsCall(idea.id, manifest.pack);
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatch(/not ready yet/);
    expect(await runStamping()).toMatchObject({ submitted: 1 });
    const ots = await manifestOtsCall(idea.id, manifest.pack);
    expect(ots.status).toBe(200);
    expect(ots.headers.get("content-disposition")).toMatch(/filename="manifest\.json\.ots"/);
    const otsBytes = await readAll(ots);
    expect(await verifyProof(manifestBytes, otsBytes)).toMatchObject({ matches: true, verdict: "pending" });
    expectSameInPython([otsBytes]);
  });

  it("another creator's idea or pack is a 404, a draft a 409, signed out a 401; nothing is recorded", async () => {
    const ada = await createUser();
    const eve = await createUser();
    const idea = await createPublished(ada.id);
    const draft = await createDraft(ada.id);
    expect((await packCall(idea.id)).status).toBe(401);
    signIn(ada);
    const res = await packCall(idea.id);
    const manifest = JSON.parse(text(unzip(await readAll(res)).entries["manifest.json"])) as Manifest;

    signIn(eve);
    expect((await packCall(idea.id)).status).toBe(404);
    expect((await packCall(999_999)).status).toBe(404);
    const foreign = await manifestOtsCall(idea.id, manifest.pack);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toBe("Evidence pack not found");

    signIn(ada);
    const drafted = await packCall(draft.id);
    expect(drafted.status).toBe(409);
    expect((await drafted.json()).error).toMatch(/not published yet/);
    expect((await manifestOtsCall(idea.id, "unknownpack123")).status).toBe(404);
    // The pack belongs to its idea: another idea's URL does not reach it.
    const other = await createPublished(ada.id);
    expect((await manifestOtsCall(other.id, manifest.pack)).status).toBe(404);
    expect(await db.evidencePack.count()).toBe(1);
    // Deleting the idea (as account deletion does) takes its packs and their proofs with it.
    await db.idea.delete({ where: { id: idea.id } });
    expect(await db.evidencePack.count()).toBe(0);
    expect(await db.timestampProof.count({ where: { evidencePackId: { not: null } } })).toBe(0);
  });

  it("a download stopped half-way records no pack and queues nothing", async () => {
    const ada = await createUser();
    const idea = await createPublished(ada.id);
    const share = await createShare(ada.id, idea.id);
    for (let i = 0; i < 3; i++) await agreedRecipient(share, { name: `Recipient ${i}` });
    signIn(ada);
    const res = await packCall(idea.id);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect(await db.evidencePack.count()).toBe(0);
    expect(await db.timestampProof.count({ where: { evidencePackId: { not: null } } })).toBe(0);
  });

  it("a few packs a minute per account, then 429", async () => {
    const ada = await createUser();
    const idea = await createPublished(ada.id);
    signIn(ada);
    for (let i = 0; i < 3; i++) {
      const res = await packCall(idea.id);
      expect(res.status).toBe(200);
      await res.body!.cancel();
    }
    const limited = await packCall(idea.id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("200 acceptances: streamed a certificate at a time, every file in the manifest, in a few seconds", async () => {
    const ada = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(ada.id, { title: "Busy idea" });
    const share = await createShare(ada.id, idea.id);
    await agreedRecipient(share, { name: "Recipient 0", email: "r0@example.com" });
    const model = await db.ndaAcceptance.findFirstOrThrow({ where: { ideaId: idea.id } });
    // 199 more, written directly (the real call is covered above), each with its queued proof like acceptance writes it.
    const n = 199;
    const base = Date.now() - 3600_000;
    await db.recipient.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        id: `benchrecipient${i}`, shareId: share.id, name: `Recipient ${i + 1}`, email: `r${i + 1}@example.com`, agreedToNda: true,
        secretHash: sha256(Buffer.from(`secret ${i}`)),
      })),
    });
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `benchnda${String(i).padStart(3, "0")}`, recipientId: `benchrecipient${i}`, shareId: share.id, ideaId: idea.id,
      name: `Recipient ${i + 1}`, email: `r${i + 1}@example.com`, phone: null, agreementVersion: model.agreementVersion,
      agreementText: model.agreementText, agreementSha256: model.agreementSha256, contentSha256: model.contentSha256, version: null,
      ip: "198.51.100.7", userAgent: "jest-agent/1.0", acceptedAt: new Date(base + i * 1000), signature: null, recordFormat: 1,
    }));
    await db.ndaAcceptance.createMany({ data: rows });
    await db.timestampProof.createMany({ data: rows.map((r) => ({ ndaAcceptanceId: r.id, digest: ndaEvidenceDigest(r) })) });

    const certificates = jest.spyOn(PDFDocument, "create");
    try {
      signIn(ada);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const res = await packCall(idea.id);
      expect(certificates).not.toHaveBeenCalled(); // nothing is built before someone pulls
      const reader = res.body!.getReader();
      const chunks: Buffer[] = [];
      let largest = 0;
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        chunks.push(Buffer.from(next.value));
        largest = Math.max(largest, next.value.length);
        // Never ahead of the reader: when k chunks were taken, at most one PDF per chunk has been built.
        expect(certificates.mock.calls.length).toBeLessThanOrEqual(chunks.length);
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      expect(certificates).toHaveBeenCalledTimes(201); // the certificates and the protective measures
      expect(largest).toBeLessThanOrEqual(512 * 1024);
      const zip = unzip(Buffer.concat(chunks));
      expect(zip.names.filter((n) => n.startsWith("receipts/"))).toHaveLength(200);
      const manifest = expectManifestMatches(zip);
      expect(manifest.agreements).toHaveLength(200);
      expect(manifest.files.filter((f) => f.path.startsWith("agreements/") && f.path.endsWith(".pdf"))).toHaveLength(200);
      expect(manifest.problems).toEqual([]);
      // The budget is 5 s (npm run bench -- evidence-pack). Wall time here depends on what else the machine runs; the
      // CPU this process spent depends on it less: about 25 ms a certificate idle, four times that on a machine running
      // two suites at once (shared caches and cores). The bound catches what it is for, certificates that each parse
      // their font again (over 200 ms each, 40 s and more for the pack), not the budget.
      console.log(`evidence pack with 200 acceptances: ${seconds.toFixed(2)} s, ${cpuSeconds.toFixed(2)} s CPU, ${(Buffer.concat(chunks).length / 1024).toFixed(0)} KiB`);
      expect(cpuSeconds).toBeLessThan(35);

      // The next pack finds every certificate kept (lib/domain/agreements/stored-certificate.ts): it builds only its
      // protective measures, and each certificate is the same file as in the first pack.
      certificates.mockClear();
      const againStarted = performance.now();
      const again = unzip(Buffer.from(await (await packCall(idea.id)).arrayBuffer()));
      console.log(`the same pack again, its certificates kept: ${((performance.now() - againStarted) / 1000).toFixed(2)} s`);
      expect(certificates).toHaveBeenCalledTimes(1);
      const pdfDigests = (m: { files: { path: string; sha256: string }[] }) =>
        m.files.filter((f) => f.path.endsWith(".pdf") && f.path.startsWith("agreements/")).map((f) => `${f.path} ${f.sha256}`);
      expect(pdfDigests(expectManifestMatches(again))).toEqual(pdfDigests(manifest));
    } finally {
      certificates.mockRestore();
    }
    // Wall time is what a loaded machine makes of ~20 s of CPU (112 s seen beside a Playwright run): the bounds that
    // matter are on CPU and on what was built, not on the clock.
  }, 300_000);
});
