import { db } from "@/lib/platform/db";
import { createPdfIdea } from "@/lib/domain/ideas";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { GET as pageList } from "@/app/api/share/[token]/pages/route";
import { GET as page } from "@/app/api/share/[token]/pages/[n]/route";
import { GET as ownerPageList } from "@/app/api/ideas/[id]/pages/route";
import { GET as ownerPage } from "@/app/api/ideas/[id]/pages/[n]/route";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createDraft, createShare, createUser } from "../../factories";
import { decode, isWebp, mixedPdf } from "../../lib/domain/reader/sample";
import { routeSession } from "../../route-harness";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { "user-agent": TEST_CLIENT.userAgent } });
const asRecipient = (secrets: string[]) => Object.assign(session, { user: null, secrets });
const asOwner = (owner: { id: string; name: string; email: string }) => Object.assign(session, { user: { id: owner.id, name: owner.name, email: owner.email, profileImage: null }, secrets: [] });

const listOf = (token: string) => pageList(get(`/api/share/${token}/pages`), { params: Promise.resolve({ token }) });
const pageOf = (token: string, n: string, query = "") => page(get(`/api/share/${token}/pages/${n}${query}`), { params: Promise.resolve({ token, n }) });
const ownerListOf = (id: number) => ownerPageList(get(`/api/ideas/${id}/pages`), { params: Promise.resolve({ id: String(id) }) });
const ownerPageOf = (id: number, n: string, query = "") => ownerPage(get(`/api/ideas/${id}/pages/${n}${query}`), { params: Promise.resolve({ id: String(id), n }) });

async function sharedPdf() {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPdfIdea(owner.id, { title: "Mixed", fileName: "mixed.pdf", data: await mixedPdf() });
  const share = await createShare(owner.id, idea.id);
  const reader = async (name: string) => {
    const r = await agreedRecipient(share, { name, email: `${name.split(" ")[0].toLowerCase()}@example.com` });
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    return r;
  };
  return { owner, idea, share, reader };
}

describe("the reader's pages", () => {
  afterEach(() => asRecipient([]));

  it("lists the pages and serves each as a marked WebP of the asked width; out of range and junk are 404", async () => {
    const { share, reader } = await sharedPdf();
    const grace = await reader("Grace Hopper");
    asRecipient(grace.secrets);
    const list = await listOf(share.accessLink);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      pageCount: 3,
      pages: [
        { n: 1, width: 595.28, height: 841.89 },
        { n: 2, width: 792, height: 612 },
        { n: 3, width: 300, height: 300 },
      ],
    });

    const res = await pageOf(share.accessLink, "1", "?width=800");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const image = Buffer.from(await res.arrayBuffer());
    expect(isWebp(image)).toBe(true);
    expect(image.length).toBeLessThan(250 * 1024);
    expect((await decode(image)).width).toBe(800);
    // Width junk is the default (1200); tiny and huge widths are clamped.
    expect((await decode(Buffer.from(await (await pageOf(share.accessLink, "3", "?width=abc")).arrayBuffer()))).width).toBe(1200);
    expect((await decode(Buffer.from(await (await pageOf(share.accessLink, "3", "?width=5")).arrayBuffer()))).width).toBe(320);
    expect((await decode(Buffer.from(await (await pageOf(share.accessLink, "3", "?width=99999")).arrayBuffer()))).width).toBe(2000);

    for (const n of ["4", "0", "-1", "1.5", "abc", "1e3", "01"]) expect((await pageOf(share.accessLink, n)).status).toBe(404);
  });

  it("burns each recipient's identity in: two recipients get different bytes, and the owner's preview is unmarked", async () => {
    const { owner, idea, share, reader } = await sharedPdf();
    const grace = await reader("Grace Hopper");
    const alan = await reader("Alan Turing");
    asRecipient(grace.secrets);
    const graceBytes = Buffer.from(await (await pageOf(share.accessLink, "1", "?width=640")).arrayBuffer());
    asRecipient(alan.secrets);
    const alanBytes = Buffer.from(await (await pageOf(share.accessLink, "1", "?width=640")).arrayBuffer());
    expect(graceBytes.equals(alanBytes)).toBe(false);

    asOwner(owner);
    const list = await ownerListOf(idea.id);
    expect(list.status).toBe(200);
    expect((await list.json()).pageCount).toBe(3);
    const preview = await ownerPageOf(idea.id, "1", "?width=640");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    const previewBytes = Buffer.from(await preview.arrayBuffer());
    expect(previewBytes.equals(graceBytes)).toBe(false);
    // The preview has no mark: its footer band is as blank as the page's margin, unlike the recipient's.
    const band = async (bytes: Buffer) => {
      const img = await decode(bytes);
      let dark = 0;
      for (let i = (img.height - 40) * img.width * 4; i < img.pixels.length; i += 4) dark += 255 - img.pixels[i]!;
      return dark;
    };
    expect(await band(previewBytes)).toBeLessThan(await band(graceBytes));
    expect((await ownerPageOf(idea.id, "4")).status).toBe(404);
  });

  it("is 404 for anyone else: another owner, a recipient on the owner's preview, a non-PDF idea", async () => {
    const { idea, share, reader } = await sharedPdf();
    const grace = await reader("Grace Hopper");
    asRecipient(grace.secrets);
    expect((await ownerListOf(idea.id)).status).toBe(401);
    const stranger = await createUser();
    asOwner(stranger);
    expect((await ownerListOf(idea.id)).status).toBe(404);
    expect((await ownerPageOf(idea.id, "1")).status).toBe(404);
    asRecipient([]);
    expect((await listOf(share.accessLink)).status).toBe(404);

    const html = await createDraft(stranger.id);
    asOwner(stranger);
    expect((await ownerListOf(html.id)).status).toBe(404);
    const htmlShare = await createShare(stranger.id, html.id);
    const reader2 = await agreedRecipient(htmlShare);
    await getSharedIdea(htmlShare.accessLink, reader2.secrets, TEST_CLIENT);
    asRecipient(reader2.secrets);
    expect((await listOf(htmlShare.accessLink)).status).toBe(404);
    expect((await pageOf(htmlShare.accessLink, "1")).status).toBe(404);
    expect(await db.idea.count()).toBe(2);
  });
});
