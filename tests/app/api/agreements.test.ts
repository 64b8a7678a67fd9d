import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { listActivity } from "@/lib/domain/activity";
import { AGREEMENT_IN_USE, AGREEMENT_NOT_YOURS } from "@/lib/domain/agreements";
import { acceptNda, AGREEMENT_CHANGED } from "@/lib/domain/recipients/accept-nda";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { AGREEMENT_VERSION } from "@/lib/domain/validation/agreement-text";
import { requireReader } from "@/lib/domain/gate";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { GET as listRoute, POST as createRoute } from "@/app/api/agreements/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/agreements/[id]/route";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { PATCH as patchShareRoute, DELETE as revokeShareRoute } from "@/app/api/shares/[id]/route";
import { GET as agreementRoute } from "@/app/api/share/[token]/agreement/route";
import { PUT as ndaRoute } from "@/app/api/recipients/[id]/nda/route";
import { GET as certificateRoute } from "@/app/api/ndas/[id]/certificate.pdf/route";
import { TEST_CLIENT, TEST_ORIGIN, createPublished, createRecipient, createShare, createUser } from "../../factories";
import { flat, pdfText } from "../../pdf-text";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** The founder's own agreement, and links without an NDA. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const asBrowser = (secrets: string[]) => Object.assign(routeSession, { user: null, secrets, passcodes: {} });
const req = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, {
    method,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": TEST_CLIENT.userAgent, "x-ideavault-client-ip": TEST_CLIENT.ip },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
const answer = async (res: Response) => ({ status: res.status, body: res.status === 204 ? null : await res.json() });
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
const api = {
  list: async () => answer(await listRoute(req("GET", "/api/agreements"), { params: Promise.resolve({}) })),
  create: async (body: unknown) => answer(await createRoute(req("POST", "/api/agreements", body), { params: Promise.resolve({}) })),
  get: async (id: string) => answer(await getRoute(req("GET", `/api/agreements/${id}`), idParams(id))),
  put: async (id: string, body: unknown) => answer(await putRoute(req("PUT", `/api/agreements/${id}`, body), idParams(id))),
  del: async (id: string) => answer(await deleteRoute(req("DELETE", `/api/agreements/${id}`), idParams(id))),
  createShare: async (body: unknown) => answer(await createShareRoute(req("POST", "/api/shares", body), { params: Promise.resolve({}) })),
  patchShare: async (id: string, body: unknown) => answer(await patchShareRoute(req("PATCH", `/api/shares/${id}`, body), idParams(id))),
  revokeShare: async (id: string) => answer(await revokeShareRoute(req("DELETE", `/api/shares/${id}`), idParams(id))),
  shownAgreement: async (token: string) => answer(await agreementRoute(req("GET", `/api/share/${token}/agreement`), { params: Promise.resolve({ token }) })),
  accept: async (id: string, body: unknown) => answer(await ndaRoute(req("PUT", `/api/recipients/${id}/nda`, body), idParams(id))),
};

const BODY = "This agreement is between {ownerName} and {recipientName} ({recipientEmail}) about {ideaTitle} (idea {ideaId}), on {date}.\n\n1. Keep it secret.\n\n2. Do not use it.";

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
  asOwner(owner);
  return { owner, idea };
}

/** A recipient on `share` that accepts through the route, as the NDA screen does (the digest of the text it showed). */
async function acceptAsShown(share: { accessLink: string }, name = "Grace Hopper") {
  const r = await createRecipient(share, { name });
  asBrowser(r.secrets);
  const shown = await api.shownAgreement(share.accessLink);
  expect(shown.status).toBe(200);
  const accepted = await api.accept(r.id, { agreed: true, agreementSha256: shown.body.sha256 });
  expect(accepted.status).toBe(200);
  return { recipient: r, shown: shown.body, nda: await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: r.id } }) };
}

describe("/api/agreements", () => {
  it("creates, lists, reads, edits and deletes; another owner's id is a 404; bad input is a 400 by path", async () => {
    const { owner } = await setup();
    const created = await api.create({ title: "Mutual NDA", body: BODY, isDefault: true });
    expect(created).toMatchObject({ status: 201, body: { title: "Mutual NDA", body: BODY, version: 1, isDefault: true, inUse: false } });
    expect(Object.keys(created.body).sort()).toEqual(["body", "createdAt", "id", "inUse", "isDefault", "title", "updatedAt", "version"]);
    const second = await api.create({ title: "Short NDA", body: "1. Secret." });
    expect(second.body.isDefault).toBe(false);
    expect((await api.list()).body.map((a: { title: string }) => a.title)).toEqual(["Mutual NDA", "Short NDA"]);

    // Exactly one default: setting the second unsets the first.
    expect((await api.put(second.body.id, { title: "Short NDA", body: "1. Secret.", isDefault: true })).body.isDefault).toBe(true);
    expect((await api.list()).body.map((a: { isDefault: boolean }) => a.isDefault)).toEqual([false, true]);

    const detail = await api.get(created.body.id);
    expect(detail).toMatchObject({ status: 200, body: { id: created.body.id, versions: [{ version: 1, title: "Mutual NDA", body: BODY, acceptedCount: 0 }] } });

    // Not accepted yet: an edit changes version 1 in place.
    const edited = await api.put(created.body.id, { title: "Mutual NDA", body: `${BODY}\n\n3. Return copies.` });
    expect(edited.body.version).toBe(1);
    expect((await api.get(created.body.id)).body.versions).toHaveLength(1);

    for (const [body, path] of [
      [{ title: "", body: BODY }, "title"],
      [{ title: "T", body: "" }, "body"],
      [{ title: "T", body: "x".repeat(20_001) }, "body"],
      [{ title: "T", body: "Dear {investor}" }, "body"],
      [{ title: "T", body: "b", isDefault: "yes" }, "isDefault"],
    ] as const) {
      const refused = await api.create(body);
      expect(refused).toMatchObject({ status: 400, body: { issues: expect.arrayContaining([expect.objectContaining({ path: [path] })]) } });
    }
    expect((await api.put(created.body.id, { title: "T", body: "{investor}" })).body.issues[0]).toMatchObject({ path: ["body"], message: expect.stringContaining("{investor}") });
    const badJson = await answer(await createRoute(req("POST", "/api/agreements", "{nope"), { params: Promise.resolve({}) }));
    expect(badJson.status).toBe(400);

    const stranger = await createUser();
    asOwner(stranger);
    expect((await api.list()).body).toEqual([]);
    expect((await api.get(created.body.id)).status).toBe(404);
    expect((await api.put(created.body.id, { title: "Mine", body: "1. x" })).status).toBe(404);
    expect((await api.del(created.body.id)).status).toBe(404);
    expect((await db.agreement.findUniqueOrThrow({ where: { id: created.body.id } })).title).toBe("Mutual NDA");

    asOwner(owner);
    expect((await api.del(second.body.id)).status).toBe(204);
    expect(await db.agreement.findUnique({ where: { id: second.body.id } })).toBeNull();
    expect((await api.get(second.body.id)).status).toBe(404);
  });

  it("links take agreementId: the default when omitted, null for the standard one, another owner's is a 400 on agreementId", async () => {
    const { owner, idea } = await setup();
    const standard = await api.createShare({ ideaId: idea.id, shareType: "full-access" });
    expect(standard.body).toMatchObject({ agreementId: null, agreement: null, requireNda: true });
    const own = (await api.create({ title: "Mutual NDA", body: BODY, isDefault: true })).body;
    const byDefault = await api.createShare({ ideaId: idea.id, shareType: "full-access" });
    expect(byDefault.body).toMatchObject({ agreementId: own.id, agreement: { id: own.id, title: "Mutual NDA", version: 1 } });
    expect((await api.createShare({ ideaId: idea.id, shareType: "full-access", agreementId: null })).body.agreementId).toBeNull();

    const stranger = await createUser();
    asOwner(stranger);
    const theirs = (await api.create({ title: "Theirs", body: "1. x" })).body;
    asOwner(owner);
    for (const agreementId of [theirs.id, "cnotanagreement0000000001"]) {
      const refused = await api.createShare({ ideaId: idea.id, shareType: "full-access", agreementId });
      expect(refused).toMatchObject({ status: 400, body: { error: AGREEMENT_NOT_YOURS, issues: [expect.objectContaining({ path: ["agreementId"] })] } });
      expect((await api.patchShare(standard.body.id, { agreementId })).body.issues[0].path).toEqual(["agreementId"]);
    }

    // PATCH changes it, and the timeline says so.
    const changed = await api.patchShare(standard.body.id, { agreementId: own.id, requireNda: false });
    expect(changed.body).toMatchObject({ agreementId: own.id, requireNda: false });
    const back = await api.patchShare(standard.body.id, { agreementId: null, requireNda: true });
    expect(back.body).toMatchObject({ agreementId: null, requireNda: true });
    const summaries = (await db.shareChange.findMany({ where: { shareId: standard.body.id }, orderBy: { changedAt: "asc" } })).map((c) => c.summary);
    expect(summaries).toEqual(["agreement standard → 'Mutual NDA'; no NDA", "agreement 'Mutual NDA' → standard; NDA required"]);
    const activity = await listActivity(owner.id, idea.id, {});
    expect(JSON.stringify(activity)).toContain("agreement standard → 'Mutual NDA'");
  });

  it("a recipient reads the current version with their name filled in; the acceptance, certificate and download hold exactly that text", async () => {
    const { owner, idea } = await setup();
    const own = (await api.create({ title: "Mutual NDA", body: BODY })).body;
    const share = (await api.createShare({ ideaId: idea.id, shareType: "full-access", agreementId: own.id })).body;
    const { recipient, shown, nda } = await acceptAsShown(share, "Grace Hopper");

    expect(shown).toMatchObject({ agreementId: own.id, title: "Mutual NDA", version: 1, requireNda: true, download: { fileName: `NDA-Idea-${idea.id}.txt` } });
    expect(shown.text).toContain("Mutual NDA\nVersion 1\n\nDiscloser: Fiona Founder\nRecipient: Grace Hopper <");
    expect(shown.text).toContain("between [Discloser: Fiona Founder] and [Recipient name: Grace Hopper]");
    expect(shown.text).toContain(`[Idea title: Kettle] (idea [Idea ID: ${idea.id}])`);
    // 'Download Agreement' is the very text shown.
    expect(shown.download.text).toBe(shown.text);
    expect(shown.sha256).toBe(sha256Hex(Buffer.from(shown.text, "utf8")));

    expect(nda).toMatchObject({
      agreementText: shown.text,
      agreementSha256: shown.sha256,
      agreementId: own.id,
      agreementTitle: "Mutual NDA",
      agreementVersionNumber: 1,
      agreementVersion: `own:${own.id}:v1`,
    });
    // The record the timestamp proves carries the digest of the rendered text.
    expect(JSON.parse(ndaEvidenceDocument(nda).toString("utf8")).agreement).toEqual({ version: `own:${own.id}:v1`, sha256: shown.sha256 });
    expect((await db.timestampProof.findUniqueOrThrow({ where: { ndaAcceptanceId: nda.id } })).digest).toBe(sha256Hex(ndaEvidenceDocument(nda)));

    asOwner(owner);
    const res = await certificateRoute(req("GET", `/api/ndas/${nda.id}/certificate.pdf`), idParams(nda.id));
    expect(res.status).toBe(200);
    const certificate = flat(pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(certificate).toContain("Agreement Mutual NDA, version 1");
    expect(certificate).toContain(shown.sha256);
    for (const line of shown.text.split("\n").filter(Boolean)) expect(certificate).toContain(flat(line));

    // The owner's evidence names it.
    const [listed] = await listShareRecipients(owner.id, share.id);
    expect(listed.nda?.agreement).toEqual({ title: "Mutual NDA", version: 1 });
    const activity = JSON.stringify(await listActivity(owner.id, idea.id, {}));
    expect(activity).toContain(`'Mutual NDA' version 1 · Agreement SHA-256 ${shown.sha256}`);
    void recipient;
  });

  it("editing an accepted version makes the next one, shown to recipients who did not accept yet; the accepted one never changes", async () => {
    const { owner, idea } = await setup();
    const own = (await api.create({ title: "Mutual NDA", body: BODY })).body;
    const share = (await api.createShare({ ideaId: idea.id, shareType: "full-access", agreementId: own.id })).body;
    const first = await acceptAsShown(share, "Grace Hopper");
    const waiting = await createRecipient(share, { name: "Alan Turing" });
    asBrowser(waiting.secrets);
    const before = (await api.shownAgreement(share.accessLink)).body;

    asOwner(owner);
    const edited = await api.put(own.id, { title: "Mutual NDA (2027)", body: `${BODY}\n\n3. Return copies.` });
    expect(edited.body).toMatchObject({ version: 2, title: "Mutual NDA (2027)", inUse: true });
    const detail = (await api.get(own.id)).body;
    expect(detail.versions.map((v: { version: number; acceptedCount: number; body: string }) => [v.version, v.acceptedCount])).toEqual([[2, 0], [1, 1]]);
    expect(detail.versions[1].body).toBe(BODY);
    expect((await db.ndaAcceptance.findUniqueOrThrow({ where: { id: first.nda.id } })).agreementText).toBe(first.shown.text);

    // The waiting recipient accepting the text it opened before the edit is asked to read again; then gets v2.
    asBrowser(waiting.secrets);
    expect(await api.accept(waiting.id, { agreed: true, agreementSha256: before.sha256 })).toMatchObject({ status: 409, body: { error: AGREEMENT_CHANGED } });
    expect((await db.recipient.findUniqueOrThrow({ where: { id: waiting.id } })).agreedToNda).toBe(false);
    const now = (await api.shownAgreement(share.accessLink)).body;
    expect(now).toMatchObject({ version: 2, title: "Mutual NDA (2027)" });
    expect(now.text).toContain("3. Return copies.");
    expect((await api.accept(waiting.id, { agreed: true, agreementSha256: now.sha256 })).status).toBe(200);
    expect(await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: waiting.id } })).toMatchObject({ agreementVersionNumber: 2, agreementText: now.text });
  });

  it("DELETE answers 409 while a live link uses it, and soft-deletes when only revoked links and acceptances name it", async () => {
    const { owner, idea } = await setup();
    const own = (await api.create({ title: "Mutual NDA", body: BODY, isDefault: true })).body;
    const share = (await api.createShare({ ideaId: idea.id, shareType: "full-access" })).body;
    const { nda } = await acceptAsShown(share);
    asOwner(owner);
    expect(await api.del(own.id)).toEqual({ status: 409, body: { success: false, error: AGREEMENT_IN_USE } });
    expect((await db.agreement.findUniqueOrThrow({ where: { id: own.id } })).deletedAt).toBeNull();

    expect((await api.revokeShare(share.id)).status).toBe(200);
    expect((await api.del(own.id)).status).toBe(204);
    const row = await db.agreement.findUniqueOrThrow({ where: { id: own.id } });
    expect(row).toMatchObject({ isDefault: false, title: "Mutual NDA" });
    expect(row.deletedAt).not.toBeNull();
    expect((await api.list()).body).toEqual([]);
    expect((await api.get(own.id)).status).toBe(404);
    // The evidence keeps its name and text; new links fall back to the standard agreement.
    expect(await db.ndaAcceptance.findUniqueOrThrow({ where: { id: nda.id } })).toMatchObject({ agreementId: own.id, agreementTitle: "Mutual NDA" });
    expect((await api.createShare({ ideaId: idea.id, shareType: "full-access" })).body.agreementId).toBeNull();
    expect((await api.createShare({ ideaId: idea.id, shareType: "full-access", agreementId: own.id })).status).toBe(400);
  });
});

describe("the standard agreement stays as it is", () => {
  it("a link without an own agreement shows and records the standard text", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id);
    const { shown, nda } = await acceptAsShown(share);
    expect(shown).toMatchObject({ agreementId: null, version: null, title: "Non-Disclosure Agreement", document: { kind: "standard" } });
    expect(shown.document.agreement.terms).toHaveLength(9);
    expect(shown.download.text.match(/^\d+\. /gm)).toHaveLength(8);
    expect(nda).toMatchObject({ agreementVersion: AGREEMENT_VERSION, agreementId: null, agreementTitle: null, agreementVersionNumber: null, agreementText: shown.text });
  });
});

describe("requireNda: false", () => {
  it("the recipient identifies and reads without an agreement; the gate still holds the NDA when it is switched on", async () => {
    const { owner, idea } = await setup();
    const share = (await api.createShare({ ideaId: idea.id, shareType: "full-access", requireNda: false })).body;
    expect(share.requireNda).toBe(false);
    const r = await createRecipient(share);
    const read = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(read.requireNda).toBe(false);
    expect(read.idea.content).toBe("<p>Secret plan</p>");
    expect(read.ndaId).toBeNull();
    await expect(requireReader(share.accessLink, r.secrets)).resolves.toMatchObject({ recipient: { id: r.id } });

    // The owner's evidence: no agreement accepted; the link's creation says 'no NDA'.
    const [listed] = await listShareRecipients(owner.id, share.id);
    expect(listed.nda).toBeNull();
    const activity = await listActivity(owner.id, idea.id, {});
    expect(JSON.stringify(activity)).toContain("no NDA");

    // Switched on mid-session: the recipient who did not accept is refused until it does.
    asOwner(owner);
    expect((await api.patchShare(share.id, { requireNda: true })).body.requireNda).toBe(true);
    await expect(requireReader(share.accessLink, r.secrets)).rejects.toMatchObject({ status: 404 });
    const refused = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(refused.idea.content).toBeUndefined();
    await acceptNda(r.id, r.secrets, TEST_CLIENT);
    await expect(requireReader(share.accessLink, r.secrets)).resolves.toMatchObject({ recipient: { id: r.id } });
  });
});
