import { db } from "@/lib/platform/db";
import { createPdfIdea, publishIdea } from "@/lib/domain/ideas";
import { evidenceEntries } from "@/lib/domain/evidence-log/read";
import { GET as itemRoute } from "@/app/api/share/[token]/items/[ideaId]/route";
import { GET as itemPageList } from "@/app/api/share/[token]/items/[ideaId]/pages/route";
import { GET as itemPage } from "@/app/api/share/[token]/items/[ideaId]/pages/[n]/route";
import { GET as ideaPageList } from "@/app/api/share/[token]/pages/route";
import { POST as engagementRoute } from "@/app/api/share/[token]/engagement/route";
import { POST as trace } from "@/app/api/ideas/[id]/trace/route";
import { ROOM_REPORT_NEEDS_IDEA } from "@/lib/features/engagement/report";
import { ITEM_NOT_FOUND } from "@/lib/domain/rooms/recipient";
import { replaceRoomItems } from "@/lib/domain/rooms";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPublished, createRoom, createRoomShare, createUser } from "../../factories";
import { decode, isWebp, mixedPdf } from "../../lib/domain/reader/sample";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** A room link's items read one by one: a view per item per window, their pages as an idea link's, their reading time. */

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN, "user-agent": TEST_CLIENT.userAgent } });
const asRecipient = (secrets: string[]) => Object.assign(routeSession, { user: null, secrets, passcodes: {} });
const open = async (token: string, ideaId: number) => {
  const res = await itemRoute(get(`/api/share/${token}/items/${ideaId}`), { params: Promise.resolve({ token, ideaId: String(ideaId) }) });
  return { status: res.status, body: await res.json() };
};
const listOf = (token: string, ideaId: number) => itemPageList(get(`/api/share/${token}/items/${ideaId}/pages`), { params: Promise.resolve({ token, ideaId: String(ideaId) }) });
const pageOf = (token: string, ideaId: number, n: string, query = "") =>
  itemPage(get(`/api/share/${token}/items/${ideaId}/pages/${n}${query}`), { params: Promise.resolve({ token, ideaId: String(ideaId), n }) });
const report = (token: string, body: unknown) =>
  engagementRoute(new Request(`${TEST_ORIGIN}/api/share/${token}/engagement`, { method: "POST", headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) }), {
    params: Promise.resolve({ token }),
  });

async function setup(linkOptions: Record<string, unknown> = {}) {
  const owner = await createUser({ name: "Fiona Founder" });
  const draft = await createPdfIdea(owner.id, { title: "Deck", fileName: "deck.pdf", data: await mixedPdf() });
  const deck = await publishIdea(owner.id, draft.id);
  const note = await createPublished(owner.id, { title: "Tech note", content: "<p>Note body</p>" });
  const room = await createRoom(owner.id, [deck.id, note.id], { name: "Seed round" });
  const link = await createRoomShare(owner.id, room.id, linkOptions);
  const reader = await agreedRecipient(link, { name: "Grace Hopper", email: "grace@example.com" });
  asRecipient(reader.secrets);
  return { owner, deck, note, room, link, reader };
}

describe("a room link's items", () => {
  afterEach(() => asRecipient([]));

  it("opening each item records its own view inside the link's one counted view; a reopen records none", async () => {
    const { deck, note, link, reader } = await setup({ maxViews: 1 });
    expect((await open(link.accessLink, note.id)).status).toBe(200);
    expect((await open(link.accessLink, deck.id)).status).toBe(200);
    expect((await open(link.accessLink, note.id)).status).toBe(200);
    const views = await db.viewEvent.findMany({ where: { shareId: link.id }, orderBy: { viewedAt: "asc" } });
    expect(views.map((v) => [v.ideaId, v.recipientId, v.version])).toEqual([
      [note.id, reader.id, 1],
      [deck.id, reader.id, 1],
    ]);
    // max views stays per link: one view of the link, the window's.
    expect((await db.share.findUniqueOrThrow({ where: { id: link.id } })).viewCount).toBe(1);
    for (const v of views) expect((await evidenceEntries(v.ideaId)).filter((e) => e.type === "view").map((e) => e.data.viewId)).toEqual([v.id]);
  });

  it("a one-time room link gives each item once, inside its one window", async () => {
    const { deck, note, link } = await setup({ shareType: "one-time" });
    expect((await open(link.accessLink, note.id)).body.idea.content).toBeDefined();
    expect((await open(link.accessLink, deck.id)).body.idea.content).toBeDefined();
    expect((await open(link.accessLink, note.id)).status).toBe(404);
  });

  it("serves an opened item's pages marked with the reader and carrying that item's view code, as an idea link's", async () => {
    const { owner, deck, note, link, reader } = await setup();
    // Not opened in this window yet: no pages.
    expect((await listOf(link.accessLink, deck.id)).status).toBe(404);
    expect((await open(link.accessLink, note.id)).status).toBe(200);
    expect((await open(link.accessLink, deck.id)).status).toBe(200);
    const list = await listOf(link.accessLink, deck.id);
    expect(list.status).toBe(200);
    expect((await list.json()).pageCount).toBe(3);
    const res = await pageOf(link.accessLink, deck.id, "1", "?width=800");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const image = Buffer.from(await res.arrayBuffer());
    expect(isWebp(image)).toBe(true);
    expect((await decode(image)).width).toBe(800);
    for (const n of ["4", "0", "abc"]) expect((await pageOf(link.accessLink, deck.id, n)).status).toBe(404);
    // An HTML item has no pages; an idea not in the room, or removed, none either; the idea route's pages refuse a room link.
    expect((await listOf(link.accessLink, note.id)).status).toBe(404);
    expect((await listOf(link.accessLink, 999999)).status).toBe(404);
    expect((await ideaPageList(get(`/api/share/${link.accessLink}/pages`), { params: Promise.resolve({ token: link.accessLink }) })).status).toBe(404);

    // The page traces to the deck's view of this reader.
    const view = await db.viewEvent.findFirstOrThrow({ where: { shareId: link.id, ideaId: deck.id } });
    const leaked = Buffer.from(await (await pageOf(link.accessLink, deck.id, "2")).arrayBuffer());
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(leaked)]), "leak.webp");
    Object.assign(routeSession, { user: { id: owner.id, name: owner.name, email: owner.email, profileImage: null }, secrets: [] });
    const traced = await trace(new Request(`${TEST_ORIGIN}/api/ideas/${deck.id}/trace`, { method: "POST", body: form }), { params: Promise.resolve({ id: String(deck.id) }) });
    expect(traced.status).toBe(200);
    expect((await traced.json()).matches[0]).toMatchObject({ recipientId: reader.id, viewId: view.id });

    asRecipient(reader.secrets);
    await replaceRoomItems(owner.id, (await db.share.findUniqueOrThrow({ where: { id: link.id } })).roomId as string, { items: [{ ideaId: note.id }] });
    expect((await listOf(link.accessLink, deck.id)).status).toBe(404);
  });

  it("counts reading time against the item named: 400 without ideaId, 404 for an idea not in the room", async () => {
    const { deck, note, link, reader } = await setup();
    expect((await open(link.accessLink, note.id)).status).toBe(200);
    expect((await open(link.accessLink, deck.id)).status).toBe(200);
    expect(await (await report(link.accessLink, { pages: [{ n: 1, ms: 800 }] })).json()).toMatchObject({ error: ROOM_REPORT_NEEDS_IDEA });
    const outside = await report(link.accessLink, { ideaId: 999999, pages: [{ n: 1, ms: 800 }] });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ error: ITEM_NOT_FOUND });
    expect((await report(link.accessLink, { ideaId: note.id, pages: [{ n: 1, ms: 700 }] })).status).toBe(204);
    expect((await report(link.accessLink, { ideaId: deck.id, pages: [{ n: 2, ms: 500 }] })).status).toBe(204);
    const views = await db.viewEvent.findMany({ where: { shareId: link.id, recipientId: reader.id }, include: { engagement: true } });
    const of = (ideaId: number) => views.find((v) => v.ideaId === ideaId);
    expect(of(note.id)).toMatchObject({ engagementMs: 700, pageCount: 1, engagement: [expect.objectContaining({ n: 1, ms: 700 })] });
    expect(of(deck.id)).toMatchObject({ engagementMs: 500, pageCount: 3, engagement: [expect.objectContaining({ n: 2, ms: 500 })] });
    expect((await evidenceEntries(deck.id)).filter((e) => e.type === "reading.reported").map((e) => e.data.storedMs)).toEqual([500]);
  });
});
