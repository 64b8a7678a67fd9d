import { db } from "@/lib/platform/db";
import { GET as activityRoute } from "@/app/api/rooms/[id]/activity/route";
import { GET as csvRoute } from "@/app/api/rooms/[id]/activity.csv/route";
import { ACTIVITY_CSV_HEADER, listActivity } from "@/lib/domain/activity";
import { evidenceEntries } from "@/lib/domain/evidence-log/read";
import { linkByToken } from "@/lib/domain/gate/lookup";
import { declineNda } from "@/lib/domain/recipients/decline";
import { NO_PASSCODE_PROOFS } from "@/lib/domain/recipients/passcode";
import { deleteRoom, ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { acceptLinkNda } from "@/lib/domain/rooms/agreement";
import { sharedRoomItem } from "@/lib/domain/rooms/recipient";
import { listRoomActivity } from "@/lib/domain/rooms/activity";
import { revokeShare, updateShare } from "@/lib/domain/shares";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { parseCsv } from "../../csv";
import { recordQueries } from "../../query-count";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** The owner's timeline of a room and its CSV: the events of the room's links, each view naming the idea it showed. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const request = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN } });
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
const activity = async (id: string, query = "") => {
  const res = await activityRoute(request(`/api/rooms/${id}/activity${query}`), idParams(id));
  return { status: res.status, body: await res.json() };
};
const csv = (id: string) => csvRoute(request(`/api/rooms/${id}/activity.csv`), idParams(id));

/** A room reader opens an item through its link (GET /api/share/{token}/items/{ideaId}). */
async function openItem(token: string, ideaId: number, secrets: string[]) {
  const link = await linkByToken(token);
  if (!link || link.roomId === null || link.ideaId !== null) throw new Error("not a room link");
  await sharedRoomItem(link, ideaId, secrets, TEST_CLIENT, NO_PASSCODE_PROOFS);
}

/** A room of two ideas, its link, and a reader who identified, accepted once and read both ideas. */
async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const deck = await createPublished(owner.id, { title: "Deck" });
  const study = await createPublished(owner.id, { title: "Market study" });
  const room = await createRoom(owner.id, [deck.id, study.id], { name: "Seed round" });
  const link = await createRoomShare(owner.id, room.id, { name: "Investors" });
  const reader = await createRecipient(link, { name: "Grace Hopper", email: "grace@example.com" });
  await acceptLinkNda(reader.id, reader.secrets, TEST_CLIENT);
  await openItem(link.accessLink, deck.id, reader.secrets);
  await openItem(link.accessLink, study.id, reader.secrets);
  // The deck's own link and its reader: the deck's timeline, not the room's.
  const ideaLink = await createShare(owner.id, deck.id);
  await agreedRecipient(ideaLink, { name: "Alan Turing", email: "alan@example.com" });
  asOwner(owner);
  return { owner, deck, study, room, link, reader, ideaLink };
}

describe("GET /api/rooms/{id}/activity", () => {
  it("lists the events of the room's links, newest first: identified, accepted, each view naming its idea", async () => {
    const { owner, deck, study, room, link, reader, ideaLink } = await setup();
    const { status, body } = await activity(room.id);
    expect(status).toBe(200);
    expect(body.nextOffset).toBeNull();
    const events = body.events as { type: string; at: string; link: { id: string } | null; recipient: { id: string } | null; detail: string | null; version: number | null; log: unknown; id: string }[];
    expect(events.map((e) => e.type)).toEqual(["viewed", "viewed", "nda_accepted", "recipient_identified", "link_created"]);
    for (let i = 1; i < events.length; i++) expect(Date.parse(events[i - 1].at)).toBeGreaterThanOrEqual(Date.parse(events[i].at));
    // Only the room's link: the deck's own link and its reader are the deck's.
    for (const e of events) expect(e.link).toMatchObject({ id: link.id, label: "Investors · Full access" });
    expect(events.some((e) => e.link?.id === ideaLink.id)).toBe(false);

    const views = events.filter((e) => e.type === "viewed");
    expect(views.map((v) => v.detail).sort()).toEqual(["Deck", "Market study"]);
    for (const v of views) expect(v).toMatchObject({ actor: "Grace Hopper", recipient: { id: reader.id, name: "Grace Hopper", email: "grace@example.com" }, version: 1, note: v.detail });
    // A view is in the log of the idea it showed: its entry is named; the link's and the reader's other events are in
    // every idea's log, none of them the event's, and name none.
    for (const [idea, title] of [[deck, "Deck"], [study, "Market study"]] as const) {
      const view = views.find((v) => v.detail === title)!;
      const entry = (await evidenceEntries(idea.id)).find((e) => e.type === "view" && `viewed:${String(e.data.viewId)}` === view.id)!;
      expect(view.log).toEqual({ seq: entry.seq, hash: entry.hash });
    }
    for (const e of events.filter((e) => e.type !== "viewed")) expect(e.log).toBeNull();
    const accepted = events.find((e) => e.type === "nda_accepted")!;
    expect(accepted).toMatchObject({ recipient: { id: reader.id }, detail: expect.stringMatching(/^Agreement SHA-256 [0-9a-f]{64}$/) });
    expect(events.find((e) => e.type === "link_created")).toMatchObject({ actor: "Fiona Founder", recipient: null });

    // The figures count the room's links only.
    expect(body.summary).toEqual({ links: 1, recipients: 1, agreements: 1, views: 2, readingSeconds: 0 });
    expect(body.people).toEqual([{ email: "grace@example.com", name: "Grace Hopper", views: 2, readingSeconds: 0, agreements: 1, declined: false }]);

    // The deck's own timeline is as before: its link and reader, and the room's view of the deck (it showed the deck),
    // with no room link events.
    const deckEvents = (await listActivity(owner.id, deck.id)).events;
    expect(deckEvents.filter((e) => e.type !== "viewed").every((e) => e.link?.id === ideaLink.id)).toBe(true);
    expect(deckEvents.filter((e) => e.type === "viewed").map((e) => e.detail)).toEqual([null]);
  });

  it("adds the link's changes, a reader who proved their address and declined, and the revocation", async () => {
    const owner = await createUser({ name: "Fiona Founder" });
    const deck = await createPublished(owner.id, { title: "Deck" });
    const room = await createRoom(owner.id, [deck.id]);
    const link = await createRoomShare(owner.id, room.id, { shareType: "email", recipientEmail: "ada@example.com" });
    const ada = await createRecipient(link, { name: "Ada Lovelace" });
    await db.recipient.update({ where: { id: ada.id }, data: { emailVerifiedAt: new Date(Date.now() + 1), codeHash: null } });
    await declineNda(ada.id, ada.secrets);
    await updateShare(owner.id, link.id, { maxViews: 3 });
    await revokeShare(owner.id, link.id);
    asOwner(owner);
    const { body } = await activity(room.id);
    expect(body.events.map((e: { type: string }) => e.type)).toEqual(["link_revoked", "link_changed", "nda_declined", "code_verified", "recipient_identified", "link_created"]);
    expect(body.events.find((e: { type: string }) => e.type === "link_changed").detail).toMatch(/views/);
    // The reader declined: no recipient of the room (the events stay).
    expect(body.summary).toMatchObject({ links: 1, recipients: 0, agreements: 0, views: 0 });
  });

  it("pages the timeline: the pages together are the whole list; bad paging parameters fall back to the defaults", async () => {
    const { room } = await setup();
    const all = (await activity(room.id, "?limit=200")).body.events.map((e: { id: string }) => e.id);
    expect(all).toHaveLength(5);
    const first = await activity(room.id, "?limit=2");
    expect(first.body.events.map((e: { id: string }) => e.id)).toEqual(all.slice(0, 2));
    expect(first.body.nextOffset).toBe(2);
    const second = await activity(room.id, "?offset=2&limit=2");
    const third = await activity(room.id, "?offset=4&limit=2");
    expect([...second.body.events, ...third.body.events].map((e: { id: string }) => e.id)).toEqual(all.slice(2));
    expect(second.body.nextOffset).toBe(4);
    expect(third.body.nextOffset).toBeNull();
    // Every page carries the whole history's figures.
    expect(third.body.summary).toEqual(first.body.summary);
    const fallback = await activity(room.id, "?offset=-1&limit=abc");
    expect(fallback.status).toBe(200);
    expect(fallback.body.events.map((e: { id: string }) => e.id)).toEqual(all);
  });

  it("is the owner's alone: another owner's room, an unknown, malformed or deleted one are the rooms' 404", async () => {
    const { owner, room, link } = await setup();
    const stranger = await createUser();
    asOwner(stranger);
    for (const id of [room.id, "cunknownroom000000000000", "not a room!"]) {
      expect(await activity(id)).toEqual({ status: 404, body: expect.objectContaining({ error: ROOM_NOT_FOUND }) });
      const res = await csv(id);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe(ROOM_NOT_FOUND);
    }
    // The stranger's own room, with no links: an empty timeline.
    const empty = await createRoom(stranger.id, []);
    expect((await activity(empty.id)).body).toEqual({ events: [], nextOffset: null, summary: { links: 0, recipients: 0, agreements: 0, views: 0, readingSeconds: 0 }, people: [] });
    // Deleted (its link revoked first; kept as evidence, gone from the owner's screens): its timeline too.
    await revokeShare(owner.id, link.id);
    await deleteRoom(owner.id, room.id);
    asOwner(owner);
    expect(await activity(room.id)).toEqual({ status: 404, body: expect.objectContaining({ error: ROOM_NOT_FOUND }) });
    expect((await csv(room.id)).status).toBe(404);
  });
});

describe("the room's timeline in numbers", () => {
  it("sends the same number of statements whatever the number of readers and views", async () => {
    const { owner, deck, room, link } = await setup();
    const few = await recordQueries(() => listRoomActivity(owner.id, room.id));
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push((await createRecipient(link, { name: `Person ${i}` })).id);
    await db.viewEvent.createMany({ data: ids.flatMap((id) => Array.from({ length: 10 }, () => ({ shareId: link.id, ideaId: deck.id, recipientId: id }))) });
    const many = await recordQueries(() => listRoomActivity(owner.id, room.id));
    expect(many.result.events).toHaveLength(50);
    expect(many.result.summary).toMatchObject({ recipients: 11, views: 102 });
    expect(many.queries.length).toBe(few.queries.length);
  });
});

describe("GET /api/rooms/{id}/activity.csv", () => {
  it("downloads every event with the idea's CSV columns, each view naming its idea", async () => {
    const { room, link } = await setup();
    const res = await csv(room.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toContain(`room-${room.id}-activity-${day}.csv`);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([...ACTIVITY_CSV_HEADER]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["Viewed", "Viewed", "NDA accepted", "Recipient identified", "Link created"]);
    expect(rows.every((r) => r.length === ACTIVITY_CSV_HEADER.length)).toBe(true);
    for (const row of rows.slice(1)) expect(row[3]).toBe(link.id);
    const viewed = rows.filter((r) => r[1] === "Viewed");
    expect(viewed.map((r) => r[8]).sort()).toEqual(["Deck", "Market study"]);
    for (const row of viewed) {
      expect(row.slice(4, 7)).toEqual(["Grace Hopper", "grace@example.com", TEST_CLIENT.ip]);
      expect(row[9]).toBe("0");
      // The view's entry in its idea's log.
      expect(row[10]).toMatch(/^\d+$/);
      expect(row[11]).toMatch(/^[0-9a-f]{8}$/);
    }
    // The other events are in several ideas' logs and name no entry.
    for (const row of rows.slice(1).filter((r) => r[1] !== "Viewed")) expect(row.slice(10)).toEqual(["", ""]);
  });
});
