import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { agreedRecipient, createDraft, createPdfDraft, createPublished, createShare, createUser, TEST_CLIENT, TEST_ORIGIN } from "../../factories";
import { expectSameInPython, runStamping, useFakeNetwork } from "../../lib/domain/timestamps/helpers";
import { flat, pdfText } from "../../pdf-text";
import { db } from "@/lib/platform/db";
import { listIdeas, publishIdea } from "@/lib/domain/ideas";
import { buildNdaCertificate } from "@/lib/domain/agreements/certificate-pdf";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { recipientPageList, recipientReader } from "@/lib/domain/shares/pages";
import { shareByToken } from "@/lib/domain/gate/lookup";
import { uploadDraftVersionPdf } from "@/lib/domain/ideas/versions";
import { getIdeaOts, getIdeaStampedFile, getNdaEvidenceFile } from "@/lib/domain/evidence/proofs";
import { verifyProof } from "@/lib/domain/timestamps/verify";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET as versionsGET, POST as versionsPOST } from "@/app/api/ideas/[id]/versions/route";
import { DELETE as versionDELETE, GET as versionGET, PUT as versionPUT } from "@/app/api/ideas/[id]/versions/[n]/route";
import { PUT as publishPUT } from "@/app/api/ideas/[id]/publish/route";
import { PUT as ideaPUT } from "@/app/api/ideas/[id]/route";
import { GET as ideasGET } from "@/app/api/ideas/route";
import { GET as packGET } from "@/app/api/ideas/[id]/evidence.zip/route";
import { routeSession } from "../../route-harness";

useFakeNetwork({ calendars: 2, explorers: 1 });

const url = (p: string) => `${TEST_ORIGIN}${p}`;
const idParams = (id: number) => ({ params: Promise.resolve({ id: String(id) }) });
const vParams = (id: number, n: number) => ({ params: Promise.resolve({ id: String(id), n: String(n) }) });
const json = (body: unknown) => ({ method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const newVersion = (id: number) => versionsPOST(new Request(url(`/api/ideas/${id}/versions`), { method: "POST" }), idParams(id));
const listVersions = (id: number) => versionsGET(new Request(url(`/api/ideas/${id}/versions`)), idParams(id));
const saveVersion = (id: number, n: number, body: unknown) => versionPUT(new Request(url(`/api/ideas/${id}/versions/${n}`), json(body)), vParams(id, n));
const getVersion = (id: number, n: number) => versionGET(new Request(url(`/api/ideas/${id}/versions/${n}`)), vParams(id, n));
const deleteVersion = (id: number, n: number) => versionDELETE(new Request(url(`/api/ideas/${id}/versions/${n}`), { method: "DELETE" }), vParams(id, n));
const publish = (id: number) => publishPUT(new Request(url(`/api/ideas/${id}/publish`), { method: "PUT" }), idParams(id));

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

/** An owner with a published idea (v1) and its v2 published from a 'New version' draft. */
async function twoVersions() {
  const ada = await createUser({ name: "Ada Lovelace" });
  const idea = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
  signIn(ada);
  const draft = await newVersion(idea.id);
  expect(draft.status).toBe(201);
  expect(await saveVersion(idea.id, 2, { title: "Solar Kettle II", content: "<p>Boil with mirrors</p>" })).toHaveProperty("status", 200);
  expect((await publish(idea.id)).status).toBe(200);
  return { ada, idea };
}

describe("versions", () => {
  afterEach(() => {
    session.user = null;
  });

  it("'New version' opens one draft from the latest publication; a second call and an unpublished idea answer 409; others' ideas 404", async () => {
    const ada = await createUser();
    const idea = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
    const draftIdea = await createDraft(ada.id);
    signIn(ada);

    const res = await newVersion(idea.id);
    expect(res.status).toBe(201);
    const draft = await res.json();
    expect(draft).toMatchObject({ id: expect.any(String), version: 2, status: "draft", title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });

    const second = await newVersion(idea.id);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: expect.stringContaining("draft"), draftId: draft.id, id: draft.id, version: 2 });

    const unpublished = await newVersion(draftIdea.id);
    expect(unpublished.status).toBe(409);
    expect((await unpublished.json()).error).toMatch(/not published/);

    // GET /api/ideas: one item per idea, with the latest published version and whether a draft is open.
    const list = await (await ideasGET(new Request(url("/api/ideas")), { params: Promise.resolve({}) })).json();
    expect(list).toHaveLength(2);
    expect(list.find((i: { id: number }) => i.id === idea.id)).toMatchObject({ version: 1, hasDraft: true, status: "published" });
    expect(list.find((i: { id: number }) => i.id === draftIdea.id)).toMatchObject({ version: null, hasDraft: false, status: "draft" });

    const bob = await createUser();
    signIn(bob);
    expect((await newVersion(idea.id)).status).toBe(404);
    expect((await listVersions(idea.id)).status).toBe(404);
    expect((await getVersion(idea.id, 2)).status).toBe(404);
    expect((await deleteVersion(idea.id, 2)).status).toBe(404);
    expect(await db.ideaVersion.count({ where: { ideaId: idea.id } })).toBe(2);
  });

  it("publishing the draft makes version 2, read-only and stamped; the list is newest first; the idea shows v2; a published version is neither editable nor deletable", async () => {
    const { ada, idea } = await twoVersions();
    const versions = await (await listVersions(idea.id)).json();
    expect(versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([[2, "published"], [1, "published"]]);
    for (const v of versions) {
      expect(v).toMatchObject({ publishedAt: expect.any(String), contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/), timestamp: { state: "queued" } });
    }
    expect(versions[0].contentSha256).not.toBe(versions[1].contentSha256);

    const current = await (await (await import("@/app/api/ideas/[id]/route")).GET(new Request(url(`/api/ideas/${idea.id}`)), idParams(idea.id))).json();
    expect(current).toMatchObject({ title: "Solar Kettle II", content: "<p>Boil with mirrors</p>", version: 2, hasDraft: false, status: "published" });
    expect((await listIdeas(ada.id))[0]).toMatchObject({ version: 2, hasDraft: false });

    // Version 1 is still readable as it was.
    expect(await (await getVersion(idea.id, 1)).json()).toMatchObject({ version: 1, title: "Solar Kettle", content: "<p>Boil with sunlight</p>", status: "published" });

    // Read-only: PUT of a published version (and of the published idea) is refused and changes nothing.
    const before = await db.ideaVersion.findMany({ where: { ideaId: idea.id }, orderBy: { version: "asc" } });
    const refused = await saveVersion(idea.id, 1, { title: "Changed", content: "<p>Changed</p>" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("Published versions cannot be edited.");
    expect((await ideaPUT(new Request(url(`/api/ideas/${idea.id}`), json({ title: "Changed", content: "<p>x</p>" })), idParams(idea.id))).status).toBe(409);
    const del = await deleteVersion(idea.id, 2);
    expect(del.status).toBe(409);
    expect((await del.json()).error).toBe("Published versions cannot be deleted.");
    expect(await db.ideaVersion.findMany({ where: { ideaId: idea.id }, orderBy: { version: "asc" } })).toEqual(before);

    // Publishing again with no draft changes nothing.
    expect((await publish(idea.id)).status).toBe(200);
    expect(await db.ideaVersion.count({ where: { ideaId: idea.id } })).toBe(2);

    // Each version has its own proof, checked with the reference client once the calendars answered.
    expect(await runStamping()).toMatchObject({ submitted: 2 });
    for (const n of [1, 2]) {
      const file = await getIdeaStampedFile(ada.id, idea.id, n);
      const ots = await getIdeaOts(ada.id, idea.id, n);
      expect(sha256(file.bytes)).toBe(versions.find((v: { version: number }) => v.version === n).contentSha256);
      expect(await verifyProof(file.bytes, ots.bytes)).toMatchObject({ matches: true });
      expectSameInPython([ots.bytes]);
    }
    expect((await (await listVersions(idea.id)).json())[0].timestamp).toMatchObject({ state: "pending", status: "pending" });
  });

  it("a draft version can be deleted (204) and a new one opened after", async () => {
    const ada = await createUser();
    const idea = await createPublished(ada.id);
    signIn(ada);
    expect((await newVersion(idea.id)).status).toBe(201);
    const res = await deleteVersion(idea.id, 2);
    expect(res.status).toBe(204);
    expect(await db.ideaVersion.count({ where: { ideaId: idea.id, status: "draft" } })).toBe(0);
    expect((await deleteVersion(idea.id, 2)).status).toBe(404);
    expect(await (await newVersion(idea.id)).json()).toMatchObject({ version: 2, status: "draft" });
  });

  it("two racing 'New version' calls open one draft", async () => {
    const ada = await createUser();
    const idea = await createPublished(ada.id);
    signIn(ada);
    const answers = await Promise.all([newVersion(idea.id), newVersion(idea.id), newVersion(idea.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db.ideaVersion.count({ where: { ideaId: idea.id, status: "draft" } })).toBe(1);
  });

  it("an unpinned link shows the latest version, a pinned one stays on its version; the view and the agreement record the version", async () => {
    const ada = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
    const pinned = await createShare(ada.id, idea.id);
    await db.share.update({ where: { id: pinned.id }, data: { pinnedVersion: 1 } });
    const pinnedByCall = await (await import("@/lib/domain/shares")).createShareLink(ada.id, { ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, pinVersion: true }, TEST_ORIGIN);
    expect(pinnedByCall.pinnedVersion).toBe(1);
    const unpinned = await createShare(ada.id, idea.id);
    expect(unpinned.pinnedVersion).toBeNull();

    signIn(ada);
    expect((await newVersion(idea.id)).status).toBe(201);
    await saveVersion(idea.id, 2, { title: "Solar Kettle II", content: "<p>Boil with mirrors</p>" });
    await publishIdea(ada.id, idea.id);

    const grace = await agreedRecipient(pinnedByCall, { name: "Grace Hopper" });
    const seenPinned = await getSharedIdea(pinnedByCall.accessLink, grace.secrets, TEST_CLIENT);
    expect(seenPinned.idea).toMatchObject({ title: "Solar Kettle", content: "<p>Boil with sunlight</p>", version: { number: 1, of: 2, publishedAt: expect.any(Date) } });
    const alan = await agreedRecipient(unpinned, { name: "Alan Turing" });
    const seenLatest = await getSharedIdea(unpinned.accessLink, alan.secrets, TEST_CLIENT);
    expect(seenLatest.idea).toMatchObject({ title: "Solar Kettle II", content: "<p>Boil with mirrors</p>", version: { number: 2, of: 2 } });

    const views = await db.viewEvent.findMany({ where: { ideaId: idea.id }, select: { recipientId: true, version: true } });
    expect(views).toEqual(expect.arrayContaining([{ recipientId: grace.id, version: 1 }, { recipientId: alan.id, version: 2 }]));
    // The owner's visits and activity say which version each view showed.
    const { listShareRecipients } = await import("@/lib/domain/shares/recipient-evidence");
    expect((await listShareRecipients(ada.id, pinnedByCall.id))[0].views[0]).toMatchObject({ version: 1 });
    const { listActivity } = await import("@/lib/domain/activity");
    const viewed = (await listActivity(ada.id, idea.id)).events.filter((e) => e.type === "viewed" || e.type === "nda_accepted");
    expect(viewed.filter((e) => e.recipient?.id === grace.id).map((e) => e.version)).toEqual([1, 1]);
    expect(viewed.filter((e) => e.recipient?.id === alan.id).map((e) => e.version)).toEqual([2, 2]);

    // The agreement record and the certificate name the version and its SHA-256.
    const [v1, v2] = await db.ideaVersion.findMany({ where: { ideaId: idea.id }, orderBy: { version: "asc" } });
    const graceNda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: grace.id } });
    const alanNda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: alan.id } });
    expect(graceNda).toMatchObject({ version: 1, contentSha256: v1.contentSha256 });
    expect(alanNda).toMatchObject({ version: 2, contentSha256: v2.contentSha256 });
    const record = JSON.parse((await getNdaEvidenceFile(ada.id, alanNda.id)).bytes.toString("utf8"));
    expect(record.content).toEqual({ sha256: v2.contentSha256, version: 2 });
    const certificate = flat(pdfText(await buildNdaCertificate(await findCertificateData(alanNda.id, { userId: ada.id, secrets: [] }))));
    expect(certificate).toContain("Idea version Version 2");
    expect(certificate).toContain(v2.contentSha256!);
  });

  it("the evidence pack holds versions/v1 and versions/v2 with their digests", async () => {
    const { idea } = await twoVersions();
    await runStamping();
    const res = await packGET(new Request(url(`/api/ideas/${idea.id}/evidence.zip`)), idParams(idea.id));
    expect(res.status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "versions-")), "pack.zip");
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({i.filename: z.read(i).hex() for i in z.infolist()}))`;
    const entries = JSON.parse(execFileSync("/usr/bin/python3", ["-c", script, file]).toString()) as Record<string, string>;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const manifest = JSON.parse(Buffer.from(entries["manifest.json"], "hex").toString("utf8"));
    const versions = await db.ideaVersion.findMany({ where: { ideaId: idea.id }, orderBy: { version: "asc" } });
    expect(manifest.versions.map((v: { version: number; sha256: string }) => [v.version, v.sha256])).toEqual(versions.map((v) => [v.version, v.contentSha256]));
    for (const v of versions) {
      const name = `versions/v${v.version}/idea-${idea.id}.html`;
      expect(sha256(Buffer.from(entries[name], "hex"))).toBe(v.contentSha256);
      expect(entries[`${name}.ots`]).toBeDefined();
      expect(manifest.files).toEqual(expect.arrayContaining([expect.objectContaining({ path: name, sha256: v.contentSha256 })]));
    }
  });

  it("a PDF idea's next version is a new upload: publishing waits for it; a pinned link keeps the first file's pages", async () => {
    const ada = await createUser();
    const pdf = await createPdfDraft(ada.id, "Whitepaper");
    await publishIdea(ada.id, pdf.id);
    const pinned = await (await import("@/lib/domain/shares")).createShareLink(ada.id, { ideaId: pdf.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, pinVersion: true }, TEST_ORIGIN);
    const unpinned = await createShare(ada.id, pdf.id);
    signIn(ada);
    expect(await (await newVersion(pdf.id)).json()).toMatchObject({ version: 2, status: "draft", pdfUploadRequired: true });
    const refused = await publish(pdf.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("Upload the PDF of this version before publishing it.");

    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    doc.addPage([200, 200]);
    const twoPages = Buffer.from(await doc.save());
    expect(await uploadDraftVersionPdf(ada.id, pdf.id, 2, { fileName: "Whitepaper v2.pdf", data: twoPages })).toMatchObject({ pdfUploadRequired: false });
    expect((await publish(pdf.id)).status).toBe(200);

    const [v1, v2] = await db.ideaVersion.findMany({ where: { ideaId: pdf.id }, orderBy: { version: "asc" } });
    expect(v2.contentSha256).toBe(sha256(twoPages));
    expect(v1.pdfAssetId).not.toBe(v2.pdfAssetId);
    expect((await shareByToken(pinned.accessLink))!.idea).toMatchObject({ pdfAssetId: v1.pdfAssetId, version: 1, versionCount: 2 });
    expect((await shareByToken(unpinned.accessLink))!.idea).toMatchObject({ pdfAssetId: v2.pdfAssetId, version: 2, versionCount: 2 });
    const onPinned = await agreedRecipient(pinned);
    await getSharedIdea(pinned.accessLink, onPinned.secrets, TEST_CLIENT);
    expect((await recipientPageList(await recipientReader(pinned.accessLink, onPinned.secrets))).pageCount).toBe(1);
    const onLatest = await agreedRecipient(unpinned);
    await getSharedIdea(unpinned.accessLink, onLatest.secrets, TEST_CLIENT);
    expect((await recipientPageList(await recipientReader(unpinned.accessLink, onLatest.secrets))).pageCount).toBe(2);
    expect(await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: onPinned.id } })).toMatchObject({ version: 1, contentSha256: v1.contentSha256 });
  });
});
