import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import pg from "pg";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

import { pgConfigFromUrl } from "@/lib/platform/db/config";
import { db, disconnectDb } from "@/lib/platform/db";
import { applyPendingMigrations, pendingMigrations } from "@/lib/platform/server/migrations";
import { authenticate } from "@/lib/domain/auth/accounts";
import { getIdea, listIdeas } from "@/lib/domain/ideas";
import { htmlExport } from "@/lib/domain/ideas/export";
import { ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { queueMissingProofs } from "@/lib/domain/evidence/backfill";
import { runTimestampJobs } from "@/lib/domain/evidence/jobs";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { GET as getIdeaTimestamp } from "@/app/api/ideas/[id]/timestamp/route";
import { GET as getStampedFile } from "@/app/api/ideas/[id]/timestamp/file/route";
import { GET as getNdaTimestamp } from "@/app/api/ndas/[id]/timestamp/route";
import { GET as getVersions } from "@/app/api/ideas/[id]/versions/route";
import { startFakeNetwork, type FakeNetwork } from "../../../fakes/network";
import { configure, expectSameInPython, runStamping } from "../../domain/timestamps/helpers";
import { blobPath, setEnv, waitingJobs } from "../../../db-utils";
import { stopBoss } from "@/lib/platform/jobs";
import { routeSession } from "../../../route-harness";
import { recordQueries } from "../../../query-count";
import { MINIMAL_PDF, PNG } from "../../../factories";

/**
 * Upgrades keep old data meaningful: a database as an earlier release left it (its migrations only, filled through
 * its schema with raw SQL and its formats) is migrated to the current schema, then the application reads it.
 */
const FIRST_RELEASE = "20261122070000_revoked_sessions";
/** Sharing (and NDA acceptances with their evidence) arrived here; acceptances were stamped only later. */
const SHARING_RELEASE = "20261123090000_sharing";
/** The last release before versions: published ideas had one proof each, on the idea. */
const EVIDENCE_RELEASE = "20261125140000_evidence_packs";

const admin = () => new pg.Client({ ...pgConfigFromUrl(process.env.DATABASE_URL!), database: "postgres" });
const created: string[] = [];
let fakes: FakeNetwork | undefined;

/** A fresh database migrated up to `through`, and a client on it. */
async function oldDatabase(through: string) {
  const name = `ideavault_upgrade_${process.env.JEST_WORKER_ID}_${process.pid}_${created.length + 1}`;
  const a = admin();
  await a.connect();
  try {
    await a.query(`CREATE DATABASE ${name}`);
    created.push(name);
  } finally {
    await a.end();
  }
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  const url = u.toString();
  await applyPendingMigrations(url, () => {}, { through });
  const client = new pg.Client(pgConfigFromUrl(url));
  await client.connect();
  return { url, client };
}

/** Migrates to the current schema, as `npm start` does, and points the application at that database. */
async function upgrade(url: string, client: pg.Client) {
  await client.end();
  expect((await applyPendingMigrations(url, () => {})) > 0).toBe(true);
  expect(await pendingMigrations(url)).toEqual([]);
  setEnv({ DATABASE_URL: url });
  await disconnectDb();
  // The job queue's own pool, too, is opened again on the upgraded database.
  await stopBoss();
}

afterAll(async () => {
  await fakes?.close();
  await stopBoss();
  await disconnectDb();
  const a = admin();
  await a.connect();
  try {
    for (const name of created) await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await a.end();
  }
}, 300_000);

/**
 * The first release's AES-256-GCM envelope, written here byte by byte rather than through lib/platform/crypto, so a change
 * of format that would strand existing records fails this test: "IV1" | key id length | key id | IV | tag | data,
 * the record's context as additional data.
 */
function firstReleaseEnvelope(plaintext: Buffer, context: string) {
  const keyId = Buffer.from(process.env.ENCRYPTION_KEY_ID!);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", Buffer.from(process.env.ENCRYPTION_KEY!, "base64"), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from("IV1"), Buffer.from([keyId.length]), keyId, iv, cipher.getAuthTag(), body]);
}

/** The first release's idea content: the stored shape as JSON, sealed to its owner. */
const sealedContent = (ownerId: string, content: unknown) => firstReleaseEnvelope(Buffer.from(JSON.stringify(content)), `idea-content:${ownerId}`);

/** A user, as the first release's registration wrote it (bcrypt, 10 rounds). */
async function insertUser(c: pg.Client, id: string, email: string, password: string) {
  await c.query(`INSERT INTO "User" ("id", "email", "name", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, now())`, [
    id,
    email,
    email.split("@")[0],
    await bcrypt.hash(password, 10),
  ]);
}

/** A file as the first release stored it: encrypted under its blob key in DATA_DIR/blobs, and its Asset row. */
async function insertFile(c: pg.Client, a: { id: string; ownerId: string; kind: "pdf" | "image"; fileName: string; contentType: string; data: Buffer }) {
  const blobKey = `u/${a.ownerId}/${crypto.randomBytes(16).toString("hex")}`;
  fs.mkdirSync(path.dirname(blobPath(blobKey)), { recursive: true });
  fs.writeFileSync(blobPath(blobKey), firstReleaseEnvelope(a.data, `blob:${blobKey}`));
  await c.query(
    `INSERT INTO "Asset" ("id", "ownerId", "kind", "fileName", "contentType", "size", "blobKey", "keyId") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [a.id, a.ownerId, a.kind, a.fileName, a.contentType, a.data.length, blobKey, process.env.ENCRYPTION_KEY_ID],
  );
}

/** An idea as the first release wrote it; published ones carry its digest (JSON of the stored content, or the PDF's). */
async function insertIdea(
  c: pg.Client,
  i: { ownerId: string; title: string; kind: string; content: unknown; published: boolean; pdfAssetId?: string; sha256?: string },
): Promise<number> {
  const { rows } = await c.query(
    `INSERT INTO "Idea" ("ownerId", "title", "kind", "status", "contentCiphertext", "contentKeyId", "contentSha256", "pdfAssetId", "publishedAt", "lastModified")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() - interval '30 days') RETURNING "id"`,
    [
      i.ownerId,
      i.title,
      i.kind,
      i.published ? "published" : "draft",
      sealedContent(i.ownerId, i.content),
      process.env.ENCRYPTION_KEY_ID,
      i.published ? (i.sha256 ?? crypto.createHash("sha256").update(JSON.stringify(i.content)).digest("hex")) : null,
      i.pdfAssetId ?? null,
      i.published ? new Date(Date.now() - 30 * 86_400_000) : null,
    ],
  );
  return rows[0].id;
}

const sha256 = (b: Buffer | string) => crypto.createHash("sha256").update(b).digest("hex");
const params = (id: string | number) => ({ params: Promise.resolve({ id: String(id) }) });
const asOwner = (u: { id: string; email: string }) => {
  routeSession.user = { id: u.id, name: u.email.split("@")[0], email: u.email, profileImage: null };
};

describe("upgrading a database from the first release", () => {
  it("keeps accounts, encrypted ideas and files readable, and queues the old published ideas for timestamps", async () => {
    const { url, client: c } = await oldDatabase(FIRST_RELEASE);
    const ada = { id: "cadafirstrelease000000001", email: "ada@example.com" };
    await insertUser(c, ada.id, ada.email, "analytical engine");
    await insertUser(c, "cbobfirstrelease000000001", "bob@example.com", "difference engine");

    await insertFile(c, { id: "cimgfirstrelease000000001", ownerId: ada.id, kind: "image", fileName: "lid.png", contentType: "image/png", data: PNG });
    const html = `<h1>Solar kettle</h1><p>Boils water with sunlight.</p><p><img src="/api/files/cimgfirstrelease000000001" alt="lid"></p>`;
    const htmlId = await insertIdea(c, { ownerId: ada.id, title: "Solar kettle", kind: "html", content: { kind: "html", html }, published: true });
    await c.query(`UPDATE "Asset" SET "ideaId" = $1 WHERE "id" = 'cimgfirstrelease000000001'`, [htmlId]);

    await insertFile(c, { id: "cpdffirstrelease000000001", ownerId: ada.id, kind: "pdf", fileName: "Whitepaper.pdf", contentType: "application/pdf", data: MINIMAL_PDF });
    const pdfId = await insertIdea(c, {
      ownerId: ada.id,
      title: "Whitepaper",
      kind: "pdf",
      content: { kind: "pdf", fileName: "Whitepaper.pdf", assetId: "cpdffirstrelease000000001" },
      published: true,
      pdfAssetId: "cpdffirstrelease000000001",
      sha256: sha256(MINIMAL_PDF),
    });
    await c.query(`UPDATE "Asset" SET "ideaId" = $1 WHERE "id" = 'cpdffirstrelease000000001'`, [pdfId]);

    const elements = [{ id: "t1", type: "text", x: 10, y: 20, text: "Sketch", fontSize: 16, fontFamily: "Arial" }];
    const draftId = await insertIdea(c, { ownerId: ada.id, title: "Canvas draft", kind: "canvas", content: { kind: "canvas", elements }, published: false });

    await upgrade(url, c);

    // Accounts log in with the passwords they had.
    expect(await authenticate("Ada@example.com", "analytical engine")).toMatchObject({ id: ada.id, email: ada.email });
    expect(await authenticate("bob@example.com", "difference engine")).toMatchObject({ id: "cbobfirstrelease000000001" });
    expect(await authenticate("ada@example.com", "wrong")).toBeNull();

    // Ideas decrypt.
    expect(await getIdea(ada.id, htmlId)).toMatchObject({ title: "Solar kettle", status: "published", content: html });
    expect(await getIdea(ada.id, pdfId)).toMatchObject({
      status: "published",
      content: { type: "pdf", fileName: "Whitepaper.pdf", pdfPath: "/api/files/cpdffirstrelease000000001" },
    });
    expect(await getIdea(ada.id, draftId)).toMatchObject({ status: "draft", content: { elements } });

    // Files are served to their owner, byte for byte.
    asOwner(ada);
    for (const [id, bytes] of [["cimgfirstrelease000000001", PNG], ["cpdffirstrelease000000001", MINIMAL_PDF]] as const) {
      const res = await getFile(new Request(`http://localhost/api/files/${id}`), params(id));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }

    // An old published idea is published: its timestamp lookup queues it on the spot (it used to answer 404
    // "This idea is not published"), with the digest of its content as published.
    const htmlDigest = sha256(htmlExport("Solar kettle", html));
    const lookup = await getIdeaTimestamp(new Request(`http://localhost/api/ideas/${htmlId}/timestamp`), params(htmlId));
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({ status: "queued", digest: htmlDigest, submittedAt: null });
    // A draft still has none.
    const draftLookup = await getIdeaTimestamp(new Request(`http://localhost/api/ideas/${draftId}/timestamp`), params(draftId));
    expect(draftLookup.status).toBe(404);
    expect(await draftLookup.json()).toMatchObject({ error: "This idea is not published, so it has no timestamp" });

    // The backfill queues the other one (the PDF's bytes), and nothing twice.
    expect(await queueMissingProofs()).toEqual({ ideas: 1, agreements: 0, failed: 0 });
    // Each old published idea is its version 1, whose proof it is.
    const proofs = await db.timestampProof.findMany({ orderBy: { ideaVersion: { ideaId: "asc" } }, select: { ideaVersion: { select: { ideaId: true, version: true } }, digest: true, status: true } });
    expect(proofs).toEqual([
      { ideaVersion: { ideaId: htmlId, version: 1 }, digest: htmlDigest, status: "queued" },
      { ideaVersion: { ideaId: pdfId, version: 1 }, digest: sha256(MINIMAL_PDF), status: "queued" },
    ]);
    expect(await db.ideaVersion.findMany({ orderBy: { ideaId: "asc" }, select: { ideaId: true, version: true, status: true, contentSha256: true } })).toEqual([
      { ideaId: htmlId, version: 1, status: "published", contentSha256: htmlDigest },
      { ideaId: pdfId, version: 1, status: "published", contentSha256: sha256(MINIMAL_PDF) },
    ]);
    // What publication records with its digest now agrees with the proof, and the card shows the commitment time.
    const ideas = await db.idea.findMany({ where: { status: "published" }, orderBy: { id: "asc" }, select: { contentSha256: true, blockchainTimestamp: true } });
    expect(ideas.map((i) => i.contentSha256)).toEqual([htmlDigest, sha256(MINIMAL_PDF)]);
    expect(ideas.every((i) => i.blockchainTimestamp !== null)).toBe(true);
    expect((await listIdeas(ada.id)).filter((i) => i.timestamp).map((i) => [i.id, i.timestamp!.status])).toEqual(
      expect.arrayContaining([[htmlId, "queued"], [pdfId, "queued"]]),
    );

    // Run again (every job run does): one query, nothing queued.
    const again = await recordQueries(() => queueMissingProofs());
    expect(again.result).toEqual({ ideas: 0, agreements: 0, failed: 0 });
    expect(again.queries).toHaveLength(1);
    expect(await db.timestampProof.count()).toBe(2);

    // The job stamps them like any other, and the stamped file is the content as published.
    fakes = await startFakeNetwork({ calendars: 2, explorers: 1 });
    configure(fakes);
    expect(await runTimestampJobs()).toMatchObject({ backfill: { ideas: 0 }, adopted: { stamp: 0, upgrade: 0 } });
    expect(await runStamping()).toMatchObject({ queued: 2, submitted: 2 });
    const stamped = await getIdeaTimestamp(new Request(`http://localhost/api/ideas/${pdfId}/timestamp`), params(pdfId));
    expect(await stamped.json()).toMatchObject({ status: "pending", digest: sha256(MINIMAL_PDF) });
    const file = await getStampedFile(new Request(`http://localhost/api/ideas/${pdfId}/timestamp/file`), params(pdfId));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(MINIMAL_PDF)).toBe(true);
    const stored = await db.timestampProof.findMany({ select: { ots: true } });
    expectSameInPython(stored.map((p) => Buffer.from(p.ots!)));
  });
});

describe("upgrading a database from the sharing release", () => {
  it("queues accepted agreements (and old published ideas) once, however many instances start together", async () => {
    const { url, client: c } = await oldDatabase(SHARING_RELEASE);
    const ada = { id: "cadasharingrelease0000001", email: "ada@example.com" };
    await insertUser(c, ada.id, ada.email, "analytical engine");
    const ideaId = await insertIdea(c, { ownerId: ada.id, title: "Solar kettle", kind: "html", content: { kind: "html", html: "<p>Sun</p>" }, published: true });
    await c.query(
      `INSERT INTO "Share" ("id", "ideaId", "createdById", "shareType", "accessLink") VALUES ('csharesharingrelease00001', $1, $2, 'full-access', 'tok_sharing_release_0000000000000000001')`,
      [ideaId, ada.id],
    );
    const acceptedAt = new Date("2026-11-23T10:00:00.000Z");
    // As UTC text: the column has no time zone, so a Date would be written in the machine's.
    const ndaIds = ["cnda1sharingrelease000001", "cnda2sharingrelease000001"];
    for (const [n, id] of ndaIds.entries()) {
      const recipientId = `crecipient${n}sharingrel0001`;
      await c.query(
        `INSERT INTO "Recipient" ("id", "shareId", "name", "email", "agreedToNda", "secretHash") VALUES ($1, 'csharesharingrelease00001', $2, $3, true, $4)`,
        [recipientId, `Reader ${n}`, `reader${n}@example.com`, sha256(recipientId)],
      );
      await c.query(
        `INSERT INTO "NdaAcceptance" ("id", "recipientId", "shareId", "ideaId", "agreementVersion", "agreementSha256", "agreementText", "contentSha256", "name", "email", "phone", "ip", "userAgent", "acceptedAt")
         VALUES ($1, $2, 'csharesharingrelease00001', $3, '1', $4, 'The agreement text', $5, $6, $7, NULL, '203.0.113.7', 'old-agent', $8)`,
        [id, recipientId, ideaId, sha256("The agreement text"), sha256("<p>Sun</p>"), `Reader ${n}`, `reader${n}@example.com`, "2026-11-23 10:00:00"],
      );
    }

    await upgrade(url, c);

    // Two instances starting at once: each subject is queued by one of them, once.
    const [a, b] = await Promise.all([queueMissingProofs(), queueMissingProofs()]);
    expect({ ideas: a.ideas + b.ideas, agreements: a.agreements + b.agreements, failed: a.failed + b.failed }).toEqual({ ideas: 1, agreements: 2, failed: 0 });
    expect(await queueMissingProofs()).toEqual({ ideas: 0, agreements: 0, failed: 0 });

    const ndas = await db.ndaAcceptance.findMany({ orderBy: { id: "asc" }, include: { timestamp: true } });
    expect(ndas.map((n) => n.id)).toEqual(ndaIds);
    asOwner(ada);
    for (const nda of ndas) {
      // The evidence record as it was accepted (its time, its recorded content digest) is what gets stamped.
      const record = JSON.parse(ndaEvidenceDocument(nda).toString("utf8"));
      expect(record).toMatchObject({ acceptance: nda.id, acceptedAt: acceptedAt.toISOString(), content: { sha256: sha256("<p>Sun</p>") } });
      const res = await getNdaTimestamp(new Request(`http://localhost/api/ndas/${nda.id}/timestamp`), params(nda.id));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "queued", digest: sha256(ndaEvidenceDocument(nda)) });
      expect(nda.timestamp!.digest).toBe(sha256(ndaEvidenceDocument(nda)));
    }
    expect(await db.timestampProof.count()).toBe(3);
  });
});

describe("upgrading a database from the last release before versions", () => {
  it("makes each published idea its version 1 with its proof, leaves drafts drafts, and stamps nothing twice", async () => {
    const { url, client: c } = await oldDatabase(EVIDENCE_RELEASE);
    const ada = { id: "cadaevidencerelease000001", email: "ada@example.com" };
    await insertUser(c, ada.id, ada.email, "analytical engine");
    const html = "<p>Boils water with sunlight.</p>";
    const digest = sha256(htmlExport("Solar kettle", html));
    const ideaId = await insertIdea(c, { ownerId: ada.id, title: "Solar kettle", kind: "html", content: { kind: "html", html }, published: true, sha256: digest });
    const draftId = await insertIdea(c, { ownerId: ada.id, title: "Draft", kind: "html", content: { kind: "html", html: "<p>x</p>" }, published: false });
    await c.query(`INSERT INTO "TimestampProof" ("id", "ideaId", "digest", "status") VALUES ('cproofevidencerelease0001', $1, $2, 'queued')`, [ideaId, digest]);

    await upgrade(url, c);

    const v1 = await db.ideaVersion.findFirstOrThrow({ where: { ideaId }, include: { timestamp: true } });
    expect(v1).toMatchObject({ version: 1, status: "published", title: "Solar kettle", contentSha256: digest, publishedAt: expect.any(Date) });
    // The same proof, re-pointed: nothing is stamped twice.
    expect(v1.timestamp).toMatchObject({ id: "cproofevidencerelease0001", ideaId: null, digest });
    expect(await queueMissingProofs()).toEqual({ ideas: 0, agreements: 0, failed: 0 });
    expect(await db.idea.findUniqueOrThrow({ where: { id: ideaId } })).toMatchObject({ version: 1 });
    expect(await db.idea.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({ version: null, status: "draft" });
    expect(await db.ideaVersion.count({ where: { ideaId: draftId } })).toBe(0);

    asOwner(ada);
    const versions = await getVersions(new Request(`http://localhost/api/ideas/${ideaId}/versions`), params(ideaId));
    expect(await versions.json()).toEqual([expect.objectContaining({ version: 1, status: "published", contentSha256: digest, timestamp: expect.objectContaining({ state: "queued", digest }) })]);
    const lookup = await getIdeaTimestamp(new Request(`http://localhost/api/ideas/${ideaId}/timestamp`), params(ideaId));
    expect(await lookup.json()).toMatchObject({ status: "queued", digest });
    expect((await listIdeas(ada.id)).find((i) => i.id === ideaId)).toMatchObject({ version: 1, hasDraft: false, timestamp: { status: "queued" } });

    // The release before the job queue left it queued without a job: the periodic timestamp job gives it one, once.
    expect(await waitingJobs("stamp")).toEqual([]);
    expect(await runTimestampJobs()).toMatchObject({ adopted: { stamp: 1, upgrade: 0 } });
    expect((await waitingJobs("stamp")).map((j) => j.data)).toEqual([{ proofId: "cproofevidencerelease0001", attempt: 1 }]);
    expect(await runTimestampJobs()).toMatchObject({ adopted: { stamp: 0, upgrade: 0 } });
  });
});
