import { db } from "@/lib/platform/db";
import { GET as listRoute, POST as postRoute } from "@/app/api/comments/route";
import { POST as replyRoute } from "@/app/api/comments/[id]/replies/route";
import { GET as roomActivityRoute } from "@/app/api/rooms/[id]/activity/route";
import { ACCEPT_FIRST, NOT_ON_THIS_LINK, WHICH_ROOM_ITEM } from "@/lib/domain/comments";
import { evidenceEntries } from "@/lib/domain/evidence-log/read";
import { replaceRoomItems } from "@/lib/domain/rooms";
import { ITEM_NOT_FOUND } from "@/lib/domain/rooms/recipient";
import { listOutbox } from "@/lib/platform/email/outbox";
import { TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** A room link's recipient comments on each item of the room, as on an idea link; the owner answers from the idea's screen. */

const noParams = { params: Promise.resolve({}) };
const call = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, {
    method,
    headers: { origin: TEST_ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const list = async (query: string) => json(await listRoute(call("GET", `/api/comments${query}`), noParams));
const post = async (query: string, body: unknown) => json(await postRoute(call("POST", `/api/comments${query}`, body), noParams));
const reply = async (id: string, content: string) => json(await replyRoute(call("POST", `/api/comments/${id}/replies`, { content }), { params: Promise.resolve({ id }) }));
const contents = (body: { content: string }[]) => body.map((c) => c.content);

async function setup(linkOptions: Record<string, unknown> = { requireNda: false }) {
  const owner = await createUser({ name: "Fiona Founder" });
  const deck = await createPublished(owner.id, { title: "Deck", content: "<p>Deck body</p>" });
  const study = await createPublished(owner.id, { title: "Market study", content: "<p>Study body</p>" });
  const room = await createRoom(owner.id, [deck.id, study.id], { name: "Seed round" });
  const link = await createRoomShare(owner.id, room.id, linkOptions);
  Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
  return { owner, deck, study, room, link };
}

const signIn = (owner: { id: string; name: string; email: string }) => {
  routeSession.user = { id: owner.id, name: owner.name, email: owner.email, profileImage: null };
};

describe("comments on a room's items", () => {
  it("a recipient posts and lists each item's own thread; the owner sees it naming the room and replies", async () => {
    const { owner, deck, study, room, link } = await setup();
    await db.webhookEndpoint.create({ data: { userId: owner.id, url: "http://127.0.0.1:9/hook", events: ["comment.created"], secretCiphertext: Buffer.alloc(1) } });
    const grace = await createRecipient(link, { name: "Grace Hopper", email: "grace@example.com" });
    routeSession.secrets = grace.secrets;
    const token = link.accessLink;

    const posted = await post(`?token=${token}&ideaId=${study.id}`, { recipientId: grace.id, author: "Someone else", content: "  How big is the market?  " });
    expect(posted).toEqual({
      status: 201,
      body: expect.objectContaining({ recipientId: grace.id, author: "Grace Hopper", content: "How big is the market?", authorRole: "recipient", parentId: null, room: { id: room.id, name: "Seed round" } }),
    });
    const stored = await db.comment.findUniqueOrThrow({ where: { id: posted.body.id } });
    expect(stored).toMatchObject({ ideaId: study.id, recipientId: grace.id });
    expect((await post(`?token=${token}&ideaId=${deck.id}`, { content: "Nice deck" })).status).toBe(201);

    // Each item shows its own thread.
    expect(contents((await list(`?ideaId=${study.id}&token=${token}`)).body)).toEqual(["How big is the market?"]);
    expect(contents((await list(`?ideaId=${deck.id}&token=${token}`)).body)).toEqual(["Nice deck"]);
    // The spec's call without a token, in a browser holding this one link: the item's thread too.
    expect(contents((await list(`?ideaId=${deck.id}`)).body)).toEqual(["Nice deck"]);

    // The comment is in the item's log, not the other item's; its digest, never its text.
    const logged = (await evidenceEntries(study.id)).filter((e) => e.type === "comment");
    expect(logged).toHaveLength(1);
    expect(logged[0].data).toMatchObject({ shareId: link.id, recipientId: grace.id, commentId: stored.id, contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await evidenceEntries(deck.id)).filter((e) => e.type === "comment").map((e) => e.data.commentId)).not.toContain(stored.id);

    // The webhook names the idea commented on and the room.
    const deliveries = await db.webhookDelivery.findMany({ where: { eventType: "comment.created", endpoint: { userId: owner.id } } });
    const forStudy = deliveries.map((d) => JSON.parse(d.payload)).find((p) => p.data.commentId === stored.id);
    expect(forStudy.data).toMatchObject({ ideaId: study.id, ideaTitle: "Market study", shareId: link.id, room: { id: room.id, name: "Seed round" }, recipient: { id: grace.id } });

    // The owner's mail names the idea and the room, and links the idea's share screen.
    const [mail] = (await listOutbox()).filter((m) => m.to === owner.email && m.subject === 'New comment from Grace Hopper on "Market study"');
    expect(mail.text).toContain('Grace Hopper (grace@example.com) commented on the idea "Market study" in the room "Seed round"');
    expect(mail.text).toContain(`${TEST_ORIGIN}/share/${study.id}`);

    // The owner: the idea's comments, each naming the room it came through, then a reply.
    const ideaLink = await createShare(owner.id, study.id);
    const ada = await agreedRecipient(ideaLink, { name: "Ada Lovelace" });
    routeSession.secrets = ada.secrets;
    expect((await post(`?token=${ideaLink.accessLink}`, { content: "Through the idea link" })).status).toBe(201);
    signIn(owner);
    const ownerList = await list(`?ideaId=${study.id}`);
    expect(ownerList.body.map((c: { content: string; room: unknown }) => [c.content, c.room])).toEqual([
      ["How big is the market?", { id: room.id, name: "Seed round" }],
      ["Through the idea link", null],
    ]);
    const answered = await reply(stored.id, "About 2 billion.");
    expect(answered).toMatchObject({ status: 201, body: { authorRole: "owner", parentId: stored.id, recipientId: grace.id, room: { id: room.id, name: "Seed round" } } });
    expect((await evidenceEntries(study.id)).some((e) => e.type === "reply" && e.data.commentId === answered.body.id)).toBe(true);

    // The reply reaches the recipient in the item's reader, and only there.
    routeSession.user = null;
    routeSession.secrets = grace.secrets;
    expect(contents((await list(`?ideaId=${study.id}&token=${token}`)).body)).toEqual(["How big is the market?", "About 2 billion."]);
    expect(contents((await list(`?ideaId=${deck.id}&token=${token}`)).body)).toEqual(["Nice deck"]);
    // As on an idea link, the thread is the link's: another recipient of this room link reads it, one of another link
    // to the same room does not.
    const other = await createRecipient(link, { name: "Alan Turing" });
    routeSession.secrets = other.secrets;
    expect(contents((await list(`?ideaId=${study.id}&token=${token}`)).body)).toEqual(["How big is the market?", "About 2 billion."]);
    const secondLink = await createRoomShare(owner.id, room.id, { requireNda: false });
    routeSession.secrets = (await createRecipient(secondLink)).secrets;
    expect(await list(`?ideaId=${study.id}&token=${secondLink.accessLink}`)).toEqual({ status: 200, body: [] });

    // The room's timeline shows the comment and the reply, each with its log entry.
    signIn(owner);
    const activity = await json(await roomActivityRoute(call("GET", `/api/rooms/${room.id}/activity`), { params: Promise.resolve({ id: room.id }) }));
    const events = activity.body.events.filter((e: { type: string }) => e.type === "commented" || e.type === "replied");
    expect(events.map((e: { type: string; note: string; log: unknown }) => [e.type, e.note, e.log !== null])).toEqual([
      ["replied", "About 2 billion.", true],
      ["commented", "Nice deck", true],
      ["commented", "How big is the market?", true],
    ]);
  });

  it("answers 404 for an item removed from the room, another room's idea and an idea the idea link does not open", async () => {
    const { owner, deck, study, link } = await setup();
    const grace = await createRecipient(link);
    routeSession.secrets = grace.secrets;
    const token = link.accessLink;
    expect((await post(`?token=${token}&ideaId=${deck.id}`, { content: "Before removal" })).status).toBe(201);

    await replaceRoomItems(owner.id, (await db.roomItem.findFirstOrThrow({ where: { ideaId: deck.id } })).roomId, { items: [{ ideaId: study.id }] });
    expect(await list(`?ideaId=${deck.id}&token=${token}`)).toEqual({ status: 404, body: expect.objectContaining({ error: ITEM_NOT_FOUND }) });
    expect(await post(`?token=${token}&ideaId=${deck.id}`, { content: "After removal" })).toMatchObject({ status: 404, body: { error: ITEM_NOT_FOUND } });

    // An idea in another room of the owner, and one of another owner.
    const elsewhere = await createPublished(owner.id, { title: "Elsewhere" });
    await createRoom(owner.id, [elsewhere.id], { name: "Other room" });
    const stranger = await createUser();
    const foreign = await createPublished(stranger.id, { title: "Foreign" });
    for (const id of [elsewhere.id, foreign.id, 999999]) {
      expect((await post(`?token=${token}&ideaId=${id}`, { content: "Elsewhere" })).status).toBe(404);
      expect((await list(`?ideaId=${id}&token=${token}`)).status).toBe(404);
    }

    // An idea link's token with another idea: not on this link.
    const ideaLink = await createShare(owner.id, deck.id);
    const ada = await agreedRecipient(ideaLink);
    routeSession.secrets = ada.secrets;
    expect(await post(`?token=${ideaLink.accessLink}&ideaId=${study.id}`, { content: "Misplaced" })).toMatchObject({ status: 404, body: { error: NOT_ON_THIS_LINK } });
    expect((await list(`?ideaId=${study.id}&token=${ideaLink.accessLink}`)).status).toBe(404);
    // Its own idea named is fine.
    expect((await post(`?token=${ideaLink.accessLink}&ideaId=${deck.id}`, { content: "On the deck link" })).status).toBe(201);
    expect(await db.comment.count({ where: { content: { in: ["After removal", "Elsewhere", "Misplaced"] } } })).toBe(0);
  });

  it("answers 400 for a room link without its item and for invalid content, as for an idea link", async () => {
    const { study, link } = await setup();
    const grace = await createRecipient(link);
    routeSession.secrets = grace.secrets;
    const token = link.accessLink;
    expect(await post(`?token=${token}`, { content: "Which one?" })).toMatchObject({ status: 400, body: { error: WHICH_ROOM_ITEM } });
    expect(await list(`?token=${token}`)).toMatchObject({ status: 400, body: { error: WHICH_ROOM_ITEM } });

    // The same validation answers as an idea link's comments.
    const owner = await createUser();
    const idea = await createPublished(owner.id, { title: "Kettle" });
    const ideaLink = await createShare(owner.id, idea.id);
    const ada = await agreedRecipient(ideaLink);
    for (const content of ["   ", "x".repeat(2001)]) {
      routeSession.secrets = ada.secrets;
      const onIdea = await post(`?token=${ideaLink.accessLink}`, { content });
      routeSession.secrets = grace.secrets;
      const onItem = await post(`?token=${token}&ideaId=${study.id}`, { content });
      expect(onItem.status).toBe(400);
      expect(onItem).toEqual(onIdea);
    }
    // A malformed ideaId is the idea's 404.
    expect((await post(`?token=${token}&ideaId=abc`, { content: "x" })).status).toBe(404);
    expect(await db.comment.count()).toBe(0);
  });

  it("refuses a recipient who has not agreed, and one without a session, as on an idea link", async () => {
    const { study, link } = await setup({});
    const token = link.accessLink;
    expect((await post(`?token=${token}&ideaId=${study.id}`, { content: "Anyone?" })).status).toBe(401);
    const grace = await createRecipient(link);
    routeSession.secrets = grace.secrets;
    expect(await post(`?token=${token}&ideaId=${study.id}`, { content: "Before agreeing" })).toMatchObject({ status: 403, body: { error: ACCEPT_FIRST } });
    expect(await list(`?ideaId=${study.id}&token=${token}`)).toMatchObject({ status: 403, body: { error: ACCEPT_FIRST } });

    const agreed = await agreedRecipient(link);
    routeSession.secrets = agreed.secrets;
    expect((await post(`?token=${token}&ideaId=${study.id}`, { content: "After agreeing" })).status).toBe(201);
    expect(contents((await list(`?ideaId=${study.id}&token=${token}`)).body)).toEqual(["After agreeing"]);

    // A revoked room link: the link's 404.
    await db.share.update({ where: { id: link.id }, data: { revokedAt: new Date() } });
    expect((await post(`?token=${token}&ideaId=${study.id}`, { content: "Revoked" })).status).toBe(404);
  });
});
