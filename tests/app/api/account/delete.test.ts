import { agreedRecipient, createPdfDraft, createPublished, createShare, createUser, distinctPng, TEST_ORIGIN } from "../../../factories";
import { blobFiles, expectConsoleError, setEnv } from "../../../db-utils";
import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { createAsset, getEncryptedBlob, putEncryptedBlob, markedCopiesFolder } from "@/lib/domain/files";
import { DiskBlobStore } from "@/lib/platform/storage";
import { readBrandLogo, setBrandLogo } from "@/lib/domain/brand";
import sharp from "sharp";
import { loadSessionUser } from "@/lib/domain/auth/session";
import { stampProofs } from "@/lib/domain/timestamps/stamp";
import { startedBoss } from "@/lib/platform/jobs";
import { startFakeNetwork } from "../../../fakes/network";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
const signedIn = { at: null as Date | null };
jest.mock("@/lib/domain/auth/session", () =>
  jest.requireActual("../../../route-harness").sessionModuleMock({ currentSessionSignedInAt: async () => signedIn.at }),
);
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

import { DELETE } from "@/app/api/account/route";
import { GET as getShare } from "@/app/api/share/[token]/route";
import { routeSession } from "../../../route-harness";
import { PASSWORD_REQUIRED, SIGN_IN_AGAIN, WRONG_PASSWORD } from "@/lib/features/account/delete";

const noParams = { params: Promise.resolve({}) };
const del = (body?: unknown, headers: Record<string, string> = {}) =>
  DELETE(
    new Request(`${TEST_ORIGIN}/api/account`, {
      method: "DELETE",
      headers: { origin: TEST_ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    noParams,
  );

/** Every row of every table, per table: what a refused deletion must leave exactly as it was. */
async function snapshot() {
  const tables = (
    await db.$queryRaw<{ t: string }[]>`SELECT tablename::text AS t FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', 'RateLimit') ORDER BY 1`
  ).map((r) => r.t);
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = await db.$queryRawUnsafe(`SELECT * FROM "${t}" ORDER BY 1`);
  return out;
}

/**
 * Ada owns a published idea shared with Grace (agreed, commented), a PDF draft with a recipient's marked copy in the
 * store, and an uploaded image. Ada also accepted an agreement on Bob's idea as a recipient: that record is Bob's.
 */
async function fixture() {
  const ada = await createUser({ name: "Ada Lovelace", email: "ada@example.com", password: "ada-password" });
  const bob = await createUser({ name: "Bob Owner", email: "bob@example.com" });
  const idea = await createPublished(ada.id, { title: "Solar Kettle" });
  const share = await createShare(ada.id, idea.id);
  const grace = await agreedRecipient(share, { name: "Grace Hopper", email: "grace@example.com" });
  await db.comment.create({ data: { ideaId: idea.id, recipientId: grace.id, author: "Grace Hopper", content: "Nice kettle" } });
  const pdf = await createPdfDraft(ada.id, "Whitepaper");
  const pdfAsset = await db.asset.findFirstOrThrow({ where: { ideaId: pdf.id, kind: "pdf" } });
  await putEncryptedBlob(`${markedCopiesFolder(pdfAsset.id)}r1/mark`, Buffer.from("a recipient's marked copy"));
  const image = await createAsset({ ownerId: ada.id, kind: "image", fileName: "kettle.png", contentType: "image/png", data: distinctPng("kettle") });

  const bobIdea = await createPublished(bob.id, { title: "Bob's Lamp" });
  const bobShare = await createShare(bob.id, bobIdea.id);
  const adaAsRecipient = await agreedRecipient(bobShare, { name: "Ada Lovelace", email: "ada@example.com" });
  await db.comment.create({ data: { ideaId: bobIdea.id, recipientId: adaAsRecipient.id, author: "Ada Lovelace", content: "Bright idea" } });

  session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
  signedIn.at = null;
  return { ada, bob, idea, share, grace, pdf, pdfAsset, image, bobIdea, bobShare, adaAsRecipient };
}

describe("DELETE /api/account", () => {
  afterEach(() => {
    session.user = null;
    session.secrets = [];
  });

  it("answers 204 and deletes the account and all it owns; another owner's records of it as a recipient stay", async () => {
    const f = await fixture();
    const adaBlobs = blobFiles().filter((k) => k.startsWith(`u/${f.ada.id}/`) || k.startsWith("marked/"));
    expect(adaBlobs.length).toBeGreaterThanOrEqual(3);
    const bobBefore = {
      recipients: await db.recipient.findMany({ where: { shareId: f.bobShare.id } }),
      ndas: await db.ndaAcceptance.findMany({ where: { ideaId: f.bobIdea.id }, include: { timestamp: true } }),
      comments: await db.comment.findMany({ where: { ideaId: f.bobIdea.id } }),
      blobs: blobFiles().filter((k) => k.startsWith(`u/${f.bob.id}/`)),
    };
    expect(bobBefore.ndas).toHaveLength(1);

    const res = await del({ password: "ada-password" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    // This browser's session cookie is cleared.
    expect(res.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;.*Max-Age=0/i);

    expect(await db.user.findUnique({ where: { id: f.ada.id } })).toBeNull();
    expect(await db.idea.count({ where: { ownerId: f.ada.id } })).toBe(0);
    expect(await db.asset.count({ where: { ownerId: f.ada.id } })).toBe(0);
    expect(await db.share.count({ where: { ideaId: { in: [f.idea.id, f.pdf.id] } } })).toBe(0);
    expect(await db.recipient.count({ where: { id: f.grace.id } })).toBe(0);
    expect(await db.ndaAcceptance.count({ where: { ideaId: f.idea.id } })).toBe(0);
    expect(await db.comment.count({ where: { ideaId: f.idea.id } })).toBe(0);
    expect(await db.viewEvent.count({ where: { ideaId: f.idea.id } })).toBe(0);
    expect(await db.timestampProof.count({ where: { OR: [{ ideaId: f.idea.id }, { ndaAcceptance: { ideaId: f.idea.id } }] } })).toBe(0);
    expect(await db.timestampProof.count()).toBe(2); // Bob's idea and Ada's acceptance of it

    // Files gone from storage: each file, the marked copy, the account's folder.
    expect(blobFiles().filter((k) => adaBlobs.includes(k))).toEqual([]);
    expect(await getEncryptedBlob(f.image.blobKey)).toBeNull();

    // Bob's records of Ada as his recipient stay untouched, and so do his files.
    expect(await db.recipient.findMany({ where: { shareId: f.bobShare.id } })).toEqual(bobBefore.recipients);
    expect(await db.ndaAcceptance.findMany({ where: { ideaId: f.bobIdea.id }, include: { timestamp: true } })).toEqual(bobBefore.ndas);
    expect(await db.comment.findMany({ where: { ideaId: f.bobIdea.id } })).toEqual(bobBefore.comments);
    expect(blobFiles().filter((k) => k.startsWith(`u/${f.bob.id}/`))).toEqual(bobBefore.blobs);

    // The confirmation mail (sent inline outside a request).
    const mails = (await listOutbox()).filter((m) => m.to === "ada@example.com" && m.subject === "Your IdeaVault account has been deleted");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/Its 2 ideas, uploaded files, share links/);
    expect(mails[0].html).toContain("Your account has been deleted");
  });

  it("deletes the brand logo: its blob goes and its public URL answers 404", async () => {
    const ada = await createUser();
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#00ff00" } }).png().toBuffer();
    const { logoUrl } = await setBrandLogo(ada.id, { field: "file", fileName: "logo.png", declaredType: "image/png", data: png });
    const key = logoUrl!.split("/").pop()!;
    expect(blobFiles()).toContain(`brand/${key}`);
    session.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
    expect((await del({ password: "secret1" })).status).toBe(204);
    expect(blobFiles()).not.toContain(`brand/${key}`);
    expect(await readBrandLogo(key)).toBeNull();
  });

  it("its links then answer 404 like any unknown link, to the recipient who had read them too", async () => {
    const f = await fixture();
    session.secrets = f.grace.secrets;
    const open = () => getShare(new Request(`${TEST_ORIGIN}/api/share/${f.share.accessLink}`), { params: Promise.resolve({ token: f.share.accessLink }) });
    expect((await open()).status).toBe(200);
    expect((await del({ password: "ada-password" })).status).toBe(204);
    const gone = await open();
    expect(gone.status).toBe(404);
    const unknown = await getShare(new Request(`${TEST_ORIGIN}/api/share/${"x".repeat(43)}`), { params: Promise.resolve({ token: "x".repeat(43) }) });
    expect(unknown.status).toBe(404);
    expect(await gone.json()).toEqual(await unknown.json());
  });

  it("ends every session: a token issued before no longer loads a user", async () => {
    const f = await fixture();
    const token = { sub: f.ada.id, sid: "some-session", sv: 0 };
    expect(await loadSessionUser(token)).not.toBeNull();
    expect((await del({ password: "ada-password" })).status).toBe(204);
    expect(await loadSessionUser(token)).toBeNull();
  });

  it("a wrong password is a 403 and deletes nothing; a missing one is a 400", async () => {
    await fixture();
    const before = await snapshot();
    const blobsBefore = blobFiles();
    const wrong = await del({ password: "not-the-password" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe(WRONG_PASSWORD);
    for (const res of [await del({}), await del()]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(PASSWORD_REQUIRED);
    }
    expect((await del({ password: 42 })).status).toBe(400);
    expect((await del("{not json", { "content-type": "text/plain" })).status).toBe(415);
    expect(await snapshot()).toEqual(before);
    expect(blobFiles()).toEqual(blobsBefore);
    expect(await listOutbox()).not.toContainEqual(expect.objectContaining({ subject: "Your IdeaVault account has been deleted" }));
  });

  it("wrong passwords are limited per account (429), and the right one then waits too", async () => {
    await fixture();
    for (let i = 0; i < 10; i++) expect((await del({ password: `guess-${i}` })).status).toBe(403);
    expect((await del({ password: "guess-10" })).status).toBe(429);
    expect((await del({ password: "ada-password" })).status).toBe(429);
    expect(await db.user.count({ where: { email: "ada@example.com" } })).toBe(1);
  });

  it("401 when signed out", async () => {
    const f = await fixture();
    session.user = null;
    expect((await del({ password: "ada-password" })).status).toBe(401);
    expect(await db.user.count({ where: { id: f.ada.id } })).toBe(1);
  });

  it("a social account (no password) needs a sign-in of the last 5 minutes", async () => {
    const f = await fixture();
    await db.user.update({ where: { id: f.ada.id }, data: { passwordHash: null } });
    await db.account.create({ data: { userId: f.ada.id, type: "oauth", provider: "github", providerAccountId: "42" } });
    const before = await snapshot();
    for (const at of [null, new Date(Date.now() - 6 * 60_000)]) {
      signedIn.at = at;
      const res = await del();
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(SIGN_IN_AGAIN);
    }
    expect(await snapshot()).toEqual(before);
    signedIn.at = new Date(Date.now() - 60_000);
    expect((await del()).status).toBe(204);
    expect(await db.user.count({ where: { id: f.ada.id } })).toBe(0);
    expect(await db.account.count()).toBe(0);
  });

  it("invitations: unused ones it sent and the one it used go; a used one it sent stays as the invitee's", async () => {
    const f = await fixture();
    const invite = (n: number, data: object) =>
      db.invite.create({ data: { tokenHash: `hash-${n}`, email: `i${n}@example.com`, expiresAt: new Date(Date.now() + 86400_000), ...data } });
    await invite(1, { createdById: f.ada.id });
    const used = await invite(2, { createdById: f.ada.id, usedById: f.bob.id, usedAt: new Date() });
    await invite(3, { usedById: f.ada.id, usedAt: new Date(), email: "ada@example.com" });
    expect((await del({ password: "ada-password" })).status).toBe(204);
    expect(await db.invite.findMany()).toEqual([{ ...used, createdById: null }]);
  });

  it("a blob that cannot be deleted after the commit is logged; the answer is still 204", async () => {
    await fixture();
    const spy = jest.spyOn(DiskBlobStore.prototype, "delete").mockRejectedValue(new Error("store offline"));
    expectConsoleError(/could not delete blob/);
    try {
      expect((await del({ password: "ada-password" })).status).toBe(204);
    } finally {
      spy.mockRestore();
    }
    expect(await db.user.count({ where: { email: "ada@example.com" } })).toBe(0);
  });

  it("a timestamp job holding the deleted ideas' proofs finishes without error", async () => {
    const f = await fixture();
    const net = await startFakeNetwork({ calendars: 1, explorers: 1 });
    try {
      setEnv({ OTS_CALENDARS: net.calendars[0].url, OTS_MIN_CALENDARS: "1", ESPLORA_URL: net.explorers[0].url });
      const jobs = await (await startedBoss()).fetch<{ proofId: string; attempt: number }>("stamp", { batchSize: 100 });
      const digests = await db.timestampProof.findMany({ where: { id: { in: jobs.map((j) => j.data.proofId) } }, select: { digest: true } });
      expect(digests.map((d) => d.digest)).toContain((await db.idea.findUniqueOrThrow({ where: { id: f.idea.id } })).contentSha256);
      expect((await del({ password: "ada-password" })).status).toBe(204);
      // Only the proofs that still exist (Bob's idea and Ada's acceptance of it) are stamped and written.
      expect(await stampProofs(jobs)).toMatchObject({ queued: 2, submitted: 2 });
      expect(await db.timestampProof.count({ where: { status: "pending" } })).toBe(2);
    } finally {
      await net.close();
    }
  });
});
