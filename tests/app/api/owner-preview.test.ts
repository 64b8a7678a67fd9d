import fs from "node:fs";
import { db } from "@/lib/platform/db";
import { createPdfIdea } from "@/lib/domain/ideas";
import { loadOwnerPreview, PREVIEW_MARK } from "@/lib/domain/shares/owner-preview";
import { GET as previewPageList } from "@/app/api/ideas/[id]/preview/[link]/pages/route";
import { GET as previewPage } from "@/app/api/ideas/[id]/preview/[link]/pages/[n]/route";
import { GET as ownerPage } from "@/app/api/ideas/[id]/pages/[n]/route";
import { GET as versionPageList } from "@/app/api/ideas/[id]/versions/[n]/preview/pages/route";
import { GET as versionPage } from "@/app/api/ideas/[id]/versions/[n]/preview/pages/[page]/route";
import { publishIdea } from "@/lib/domain/ideas";
import { createDraftVersion, updateDraftVersion, uploadDraftVersionPdf } from "@/lib/domain/ideas/versions";
import { MINIMAL_PDF, TEST_ORIGIN, createDraft, createPublished, createShare, createUser } from "../../factories";
import { decode, mixedPdf } from "../../lib/domain/reader/sample";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** 'Preview as recipient' — the owner's alone, and it records nothing. */

const asOwner = (u: { id: string; name: string; email: string }) => Object.assign(routeSession, { user: { id: u.id, name: u.name, email: u.email, profileImage: null }, secrets: [] });
const signedOut = () => Object.assign(routeSession, { user: null, secrets: [] });
const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`);
const listOf = (id: number, link: string) => previewPageList(get(`/api/ideas/${id}/preview/${link}/pages`), { params: Promise.resolve({ id: String(id), link }) });
const pageOf = (id: number, link: string, n: string) => previewPage(get(`/api/ideas/${id}/preview/${link}/pages/${n}?width=640`), { params: Promise.resolve({ id: String(id), link, n }) });

/** Everything a recipient's visit would leave behind: none of it may change. */
async function recorded() {
  const outbox = `${process.env.DATA_DIR}/outbox`;
  return {
    recipients: await db.recipient.count(),
    views: await db.viewEvent.count(),
    engagement: await db.viewEngagement.count(),
    agreements: await db.ndaAcceptance.count(),
    webhooks: await db.webhookDelivery.count(),
    changes: await db.shareChange.count(),
    viewCounts: (await db.share.findMany({ select: { viewCount: true }, orderBy: { id: "asc" } })).map((s) => s.viewCount),
    mails: fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0,
  };
}

afterEach(signedOut);

describe("loadOwnerPreview", () => {
  it("shows the saved draft with a new link's defaults and the owner's name marked '(Preview)' in the watermark", async () => {
    const owner = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
    const idea = await createDraft(owner.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
    const before = await recorded();
    const preview = await loadOwnerPreview(owner, idea.id, { shareId: null }, new Date("2026-11-25T10:00:00Z"));
    expect(preview.idea).toMatchObject({ id: idea.id, title: "Solar Kettle", user: { name: "Ada Lovelace" }, content: "<p>Boil with sunlight</p>", version: { number: null } });
    expect(preview.link).toEqual({ id: null, name: null, shareType: "full-access", allowDownload: false, screenShield: false, requireNda: true });
    expect(preview.watermark).toBe(`Ada Lovelace ${PREVIEW_MARK} · ada@example.com · 2026-11-25 10:00 UTC`);
    expect(await recorded()).toEqual(before);
  });

  it("names the owner as recipients see them: the brand's display name; the watermark keeps the account name", async () => {
    const owner = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
    await db.user.update({ where: { id: owner.id }, data: { brandName: "Acme Labs" } });
    const idea = await createDraft(owner.id, { title: "Solar Kettle" });
    const preview = await loadOwnerPreview(owner, idea.id, { shareId: null }, new Date("2026-11-25T10:00:00Z"));
    expect(preview.idea.user).toEqual({ name: "Acme Labs" });
    expect(preview.watermark).toBe(`Ada Lovelace ${PREVIEW_MARK} · ada@example.com · 2026-11-25 10:00 UTC`);
  });

  it("applies a link's own settings (download, screen shield, type) and records no view, agreement, mail or webhook", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(owner.id, { title: "Tidal Clock", content: "<p>Tell time by the sea</p>" });
    const share = await createShare(owner.id, idea.id, { shareType: "one-time", allowDownload: true, screenShield: true });
    const before = await recorded();
    const preview = await loadOwnerPreview(owner, idea.id, { shareId: share.id });
    expect(preview.link).toMatchObject({ id: share.id, shareType: "one-time", allowDownload: true, screenShield: true, requireNda: true });
    expect(preview.shareType).toBe("one-time");
    expect(preview.idea.version.number).toBe(1);
    expect(await recorded()).toEqual(before);
  });

  it("is NotFound for another owner's idea, another owner's link, and a link of another idea", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const idea = await createDraft(owner.id);
    const other = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id);
    const otherShare = await createShare(owner.id, other.id);
    await expect(loadOwnerPreview(stranger, idea.id, { shareId: null })).rejects.toMatchObject({ status: 404 });
    await expect(loadOwnerPreview(stranger, idea.id, { shareId: share.id })).rejects.toMatchObject({ status: 404 });
    await expect(loadOwnerPreview(owner, idea.id, { shareId: otherShare.id })).rejects.toMatchObject({ status: 404 });
    await expect(loadOwnerPreview(owner, idea.id, { shareId: "c000000000000000000000000" })).rejects.toMatchObject({ status: 404 });
    await expect(loadOwnerPreview(owner, 999_999, { shareId: null })).rejects.toMatchObject({ status: 404 });
  });
});

describe("GET /api/ideas/{id}/preview/{link}/pages", () => {
  it("serves the owner the pages marked with their own identity, unlike the unmarked owner copy; nothing recorded", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPdfIdea(owner.id, { title: "Mixed", fileName: "mixed.pdf", data: await mixedPdf() });
    const share = await createShare(owner.id, idea.id, { screenShield: true });
    const before = await recorded();
    asOwner(owner);
    const list = await listOf(idea.id, share.id);
    expect(list.status).toBe(200);
    expect((await list.json()).pageCount).toBe(3);
    expect((await listOf(idea.id, "new")).status).toBe(200);
    const marked = await pageOf(idea.id, share.id, "1");
    expect(marked.status).toBe(200);
    expect(marked.headers.get("content-type")).toBe("image/webp");
    expect(marked.headers.get("cache-control")).toBe("private, no-store");
    const markedBytes = Buffer.from(await marked.arrayBuffer());
    const plain = Buffer.from(await (await ownerPage(get(`/api/ideas/${idea.id}/pages/1?width=640`), { params: Promise.resolve({ id: String(idea.id), n: "1" }) })).arrayBuffer());
    // The mark's footer band darkens the bottom of the page, as on a recipient's copy.
    const band = async (bytes: Buffer) => {
      const img = await decode(bytes);
      let dark = 0;
      for (let i = (img.height - 40) * img.width * 4; i < img.pixels.length; i += 4) dark += 255 - img.pixels[i]!;
      return dark;
    };
    expect(await band(markedBytes)).toBeGreaterThan(await band(plain));
    expect((await pageOf(idea.id, share.id, "4")).status).toBe(404);
    expect(await recorded()).toEqual(before);
  });

  it("is 401 signed out and 404 for another owner, another idea's link or junk", async () => {
    const owner = await createUser();
    const idea = await createPdfIdea(owner.id, { title: "Mixed", fileName: "mixed.pdf", data: await mixedPdf() });
    const share = await createShare(owner.id, idea.id);
    const otherIdea = await createDraft(owner.id);
    const otherShare = await createShare(owner.id, otherIdea.id);
    signedOut();
    expect((await listOf(idea.id, share.id)).status).toBe(401);
    asOwner(await createUser());
    expect((await listOf(idea.id, share.id)).status).toBe(404);
    expect((await pageOf(idea.id, "new", "1")).status).toBe(404);
    asOwner(owner);
    expect((await listOf(idea.id, otherShare.id)).status).toBe(404);
    expect((await listOf(idea.id, "a\u0000b")).status).toBe(404);
    // A non-PDF idea has no pages.
    expect((await listOf(otherIdea.id, "new")).status).toBe(404);
  });
});

describe("the preview of a new version's draft (?version=n)", () => {
  it("shows the draft as a new link will once it is published: its text, 'Version 2 of 2', not yet published; nothing recorded", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(owner.id, { title: "Solar Kettle", content: "<p>First version</p>" });
    await createDraftVersion(owner.id, idea.id);
    await updateDraftVersion(owner.id, idea.id, 2, { title: "Solar Kettle, improved", content: "<p>Second version</p>" });
    const before = await recorded();
    const preview = await loadOwnerPreview(owner, idea.id, { shareId: null, version: 2 });
    expect(preview.idea).toMatchObject({ title: "Solar Kettle, improved", content: "<p>Second version</p>", version: { number: 2, of: 2, publishedAt: null } });
    expect(preview.link).toMatchObject({ id: null, shareType: "full-access" });
    // The published version 1 is still what links show meanwhile.
    expect((await loadOwnerPreview(owner, idea.id, { shareId: null })).idea).toMatchObject({ content: "<p>First version</p>", version: { number: 1, of: 1 } });
    expect((await loadOwnerPreview(owner, idea.id, { shareId: null, version: 1 })).idea).toMatchObject({ content: "<p>First version</p>", version: { number: 1, of: 1 } });
    await expect(loadOwnerPreview(owner, idea.id, { shareId: null, version: 3 })).rejects.toMatchObject({ status: 404 });
    await expect(loadOwnerPreview(await createUser(), idea.id, { shareId: null, version: 2 })).rejects.toMatchObject({ status: 404 });
    expect(await recorded()).toEqual(before);
  });

  it("serves a PDF draft's new file as marked pages to its owner alone (GET /api/ideas/{id}/versions/{n}/preview/pages)", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPdfIdea(owner.id, { title: "Mixed", fileName: "mixed.pdf", data: await mixedPdf() });
    await publishIdea(owner.id, idea.id);
    await createDraftVersion(owner.id, idea.id);
    await uploadDraftVersionPdf(owner.id, idea.id, 2, { fileName: "one page.pdf", data: MINIMAL_PDF });
    const params = (n: string) => ({ params: Promise.resolve({ id: String(idea.id), n }) });
    const list = (n: string) => versionPageList(get(`/api/ideas/${idea.id}/versions/${n}/preview/pages`), params(n));
    const page = (n: string, p: string) =>
      versionPage(get(`/api/ideas/${idea.id}/versions/${n}/preview/pages/${p}?width=640`), { params: Promise.resolve({ id: String(idea.id), n, page: p }) });

    signedOut();
    expect((await list("2")).status).toBe(401);
    asOwner(await createUser());
    expect((await list("2")).status).toBe(404);
    asOwner(owner);
    // The draft's file, not the published one's three pages.
    expect((await (await list("2")).json()).pageCount).toBe(1);
    expect((await (await list("1")).json()).pageCount).toBe(3);
    const first = await page("2", "1");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect((await page("2", "2")).status).toBe(404);
    expect((await list("9")).status).toBe(404);
    expect((await list("x")).status).toBe(404);
  });
});
