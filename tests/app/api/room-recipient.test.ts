import { db } from "@/lib/platform/db";
import { GET as shareRoute } from "@/app/api/share/[token]/route";
import { GET as itemRoute } from "@/app/api/share/[token]/items/[ideaId]/route";
import { replaceRoomItems } from "@/lib/domain/rooms";
import { ROOM_EMPTY } from "@/lib/domain/rooms/recipient";
import { TEST_ORIGIN, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** A room link's recipient: the index, each item's content, an item removed or the room emptied. */

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN } });
const index = async (token: string) => {
  const res = await shareRoute(get(`/api/share/${token}`), { params: Promise.resolve({ token }) });
  return { status: res.status, body: await res.json() };
};
const item = async (token: string, ideaId: number | string) => {
  const res = await itemRoute(get(`/api/share/${token}/items/${ideaId}`), { params: Promise.resolve({ token, ideaId: String(ideaId) }) });
  return { status: res.status, body: await res.json() };
};

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const deck = await createPublished(owner.id, { title: "Deck", content: "<p>Deck body</p>" });
  const study = await createPublished(owner.id, { title: "Market study", content: "<p>Study body</p>" });
  const room = await createRoom(owner.id, [deck.id, study.id], { name: "Seed round", note: "Welcome" });
  return { owner, deck, study, room };
}

describe("a room link's recipient", () => {
  it("sees the room's name before identifying, the note and items after, and each item's content", async () => {
    const { owner, deck, study, room } = await setup();
    const link = await createRoomShare(owner.id, room.id, { requireNda: false });
    Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
    const before = await index(link.accessLink);
    expect(before).toMatchObject({ status: 200, body: { room: { name: "Seed round", user: { name: "Fiona Founder" } }, recipient: null, requireNda: false } });
    expect(before.body.room.items).toBeUndefined();

    await db.webhookEndpoint.create({ data: { userId: owner.id, url: "http://127.0.0.1:9/hook", events: ["view.first"], secretCiphertext: Buffer.alloc(1) } });
    const recipient = await createRecipient(link);
    routeSession.secrets = recipient.secrets;
    const after = await index(link.accessLink);
    expect(after.status).toBe(200);
    expect(after.body.room).toEqual({
      name: "Seed round",
      user: { name: "Fiona Founder" },
      note: "Welcome",
      items: [
        { ideaId: deck.id, title: "Deck", kind: "html", version: 1, pageCount: null, folder: null },
        { ideaId: study.id, title: "Market study", kind: "html", version: 1, pageCount: null, folder: null },
      ],
    });
    const opened = await item(link.accessLink, study.id);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ idea: { id: study.id, title: "Market study", content: expect.stringContaining("Study body") }, recipient: { id: recipient.id } });
    const view = await db.viewEvent.findFirstOrThrow({ where: { shareId: link.id } });
    expect(view).toMatchObject({ ideaId: study.id, recipientId: recipient.id, version: 1 });
    // The owner's endpoint learns of the first view: the idea read and the room it was opened through.
    const [first, ...more] = await db.webhookDelivery.findMany({ where: { eventType: "view.first", endpoint: { userId: owner.id } } });
    expect(more).toEqual([]);
    expect(JSON.parse(first.payload).data).toMatchObject({ ideaId: study.id, ideaTitle: "Market study", room: { id: room.id, name: "Seed round" }, shareId: link.id, recipient: { id: recipient.id } });

    // An idea outside the room, an unknown one and a malformed id: 404.
    const outside = await createPublished(owner.id, { title: "Elsewhere" });
    for (const id of [outside.id, 999999]) expect((await item(link.accessLink, id)).status).toBe(404);

    // Removed from the room: gone on the next call; emptied: the index says so.
    await replaceRoomItems(owner.id, room.id, { items: [{ ideaId: deck.id }] });
    expect((await item(link.accessLink, study.id)).status).toBe(404);
    await replaceRoomItems(owner.id, room.id, { items: [] });
    expect(await index(link.accessLink)).toEqual({ status: 409, body: expect.objectContaining({ error: ROOM_EMPTY }) });
  });

  it("an idea link's token is no room link and a room link's token opens no idea route's content", async () => {
    const { owner, deck, room } = await setup();
    const ideaLink = await createShare(owner.id, deck.id);
    expect((await item(ideaLink.accessLink, deck.id)).status).toBe(404);
    const link = await createRoomShare(owner.id, room.id, { requireNda: false });
    // Revoked: the room link is the link's 404 like any other.
    await db.share.update({ where: { id: link.id }, data: { revokedAt: new Date() } });
    expect((await index(link.accessLink)).status).toBe(404);
    expect((await item(link.accessLink, deck.id)).status).toBe(404);
  });

  it("a room link with a passcode says nothing of the room before it", async () => {
    const { owner, room } = await setup();
    const link = await createRoomShare(owner.id, room.id, { passcode: "open sesame" });
    Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
    expect(await index(link.accessLink)).toEqual({ status: 200, body: { requiresPasscode: true, sender: "Fiona Founder" } });
  });
});
