import { db } from "@/lib/platform/db";
import { GET as listRoute, POST as createRoute } from "@/app/api/rooms/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/rooms/[id]/route";
import { PUT as putItemsRoute } from "@/app/api/rooms/[id]/items/route";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { DELETE as revokeRoute, PATCH as patchShareRoute } from "@/app/api/shares/[id]/route";
import { createDraftVersion, publishDraftVersion, updateDraftVersion } from "@/lib/domain/ideas/versions";
import { ONE_SUBJECT_MESSAGE } from "@/lib/domain/validation/share-link";
import { TEST_ORIGIN, createDraft, createPublished, createRoom, createRoomShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** The owner's rooms: create, list, read, rename, reorder, delete; links to a room. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const request = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, { method, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const call = async (res: Response) => ({ status: res.status, body: res.status === 204 ? null : await res.json() });
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });

const create = async (body: unknown) => call(await createRoute(request("POST", "/api/rooms", body), { params: Promise.resolve({}) }));
const get = async (id: string) => call(await getRoute(request("GET", `/api/rooms/${id}`), idParams(id)));
const patch = async (id: string, body: unknown) => call(await patchRoute(request("PATCH", `/api/rooms/${id}`, body), idParams(id)));
const putItems = async (id: string, body: unknown) => call(await putItemsRoute(request("PUT", `/api/rooms/${id}/items`, body), idParams(id)));
const remove = async (id: string) => call(await deleteRoute(request("DELETE", `/api/rooms/${id}`), idParams(id)));
const list = async () => call(await listRoute(request("GET", "/api/rooms"), { params: Promise.resolve({}) }));
const createShare = async (body: unknown) => call(await createShareRoute(request("POST", "/api/shares", body), { params: Promise.resolve({}) }));

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const deck = await createPublished(owner.id, { title: "Deck" });
  const note = await createPublished(owner.id, { title: "Technical note" });
  const study = await createPublished(owner.id, { title: "Market study" });
  asOwner(owner);
  return { owner, deck, note, study };
}

describe("the owner's rooms", () => {
  it("creates a room with its ideas in order, lists it with its counts and reads it back", async () => {
    const { deck, note } = await setup();
    const created = await create({ name: "  Seed round  ", note: "Welcome,\nread the deck first.", ideaIds: [note.id, deck.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Seed round", note: "Welcome,\nread the deck first.", shares: [] });
    expect(created.body.items).toEqual([
      { ideaId: note.id, title: "Technical note", kind: "html", version: 1, pageCount: null, folder: null, pinVersion: null, allowDownload: null, position: 0 },
      { ideaId: deck.id, title: "Deck", kind: "html", version: 1, pageCount: null, folder: null, pinVersion: null, allowDownload: null, position: 1 },
    ]);
    await createShare({ roomId: created.body.id, shareType: "full-access" });
    const listed = await list();
    expect(listed).toEqual({ status: 200, body: { rooms: [{ id: created.body.id, name: "Seed round", note: "Welcome,\nread the deck first.", itemCount: 2, linkCount: 1, updatedAt: expect.any(String) }] } });
    const read = await get(created.body.id);
    expect(read.body.shares).toHaveLength(1);
    expect(read.body.shares[0]).toMatchObject({ roomId: created.body.id, ideaId: null, shareType: "full-access" });
  });

  it("replaces the items in the given order with folders, pins and download overrides; renames", async () => {
    const { owner, deck, note, study } = await setup();
    const room = await createRoom(owner.id, [deck.id]);
    // A second version of the deck: pinVersion true pins the latest (2), a number pins that version.
    await createDraftVersion(owner.id, deck.id);
    await updateDraftVersion(owner.id, deck.id, 2, { title: "Deck v2", content: "<p>Two</p>" });
    await publishDraftVersion(owner.id, deck.id);
    const put = await putItems(room.id, {
      items: [
        { ideaId: study.id, folder: "Market" },
        { ideaId: deck.id, pinVersion: 1, allowDownload: true },
        { ideaId: note.id, pinVersion: true, folder: "  " },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.items.map((i: { ideaId: number; folder: string | null; pinVersion: number | null; allowDownload: boolean | null; title: string; version: number }) => [i.ideaId, i.folder, i.pinVersion, i.allowDownload, i.title, i.version])).toEqual([
      [study.id, "Market", null, null, "Market study", 1],
      [deck.id, null, 1, true, "Deck", 1],
      [note.id, null, 1, null, "Technical note", 1],
    ]);
    const renamed = await patch(room.id, { name: "Series A", note: null });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Series A", note: null } });
  });

  it("refuses bad input with a clear 400, and unknown or foreign rooms with 404", async () => {
    const { owner, deck } = await setup();
    const room = await createRoom(owner.id, [deck.id]);
    const draft = await createDraft(owner.id, { title: "Not yet" });
    const stranger = await createUser({ name: "Other" });
    const theirs = await createPublished(stranger.id, { title: "Theirs" });

    const bad: [unknown, RegExp][] = [
      [{ items: [{ ideaId: draft.id }] }, /not published/],
      [{ items: [{ ideaId: theirs.id }] }, /not one of your ideas/],
      [{ items: [{ ideaId: deck.id }, { ideaId: deck.id }] }, /twice/],
      [{ items: Array.from({ length: 101 }, (_, i) => ({ ideaId: i + 1 })) }, /at most 100/],
      [{ items: [{ ideaId: deck.id, folder: "a\nb" }] }, /line/i],
      [{ items: [{ ideaId: deck.id, folder: "x".repeat(61) }] }, /at most 60/],
      [{ items: [{ ideaId: deck.id, pinVersion: 7 }] }, /no published version 7/],
    ];
    for (const [body, message] of bad) {
      const res = await putItems(room.id, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    for (const body of [{ name: "" }, { name: "Two\nlines" }, { name: "x".repeat(201) }, { name: "ok", note: "x".repeat(501) }]) {
      expect((await create(body)).status).toBe(400);
      expect((await patch(room.id, body)).status).toBe(400);
    }
    expect((await create({ name: "Drafts", ideaIds: [draft.id] })).status).toBe(400);

    // Another owner's room is the same 404 as an unknown one, whatever the body.
    asOwner(stranger);
    for (const id of [room.id, "nonexistent-room", "bad id!"]) {
      expect((await get(id)).status).toBe(404);
      expect((await patch(id, { name: "" })).status).toBe(404);
      expect((await putItems(id, { items: "nope" })).status).toBe(404);
      expect((await remove(id)).status).toBe(404);
      // An id in a body that no id can be is a 400 there (the id rule), a well-formed one the room's 404.
      expect((await createShare({ roomId: id, shareType: "full-access" })).status).toBe(id === "bad id!" ? 400 : 404);
    }
    expect((await list()).body).toEqual({ rooms: [] });
  });

  it("a link takes exactly one of ideaId and roomId; room links are changed and revoked like idea links", async () => {
    const { owner, deck } = await setup();
    const room = await createRoom(owner.id, [deck.id]);
    for (const body of [{ shareType: "full-access" }, { shareType: "full-access", ideaId: deck.id, roomId: room.id }]) {
      const res = await createShare(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(ONE_SUBJECT_MESSAGE);
    }
    const link = await createShare({ roomId: room.id, shareType: "time-dependent", expiresAt: new Date(Date.now() + 86_400_000).toISOString(), maxViews: 3, passcode: "open sesame", allowedDomains: ["sequoia.com"], requireNda: true, screenShield: true });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ roomId: room.id, ideaId: null, maxViews: 3, hasPasscode: true, allowedDomains: ["sequoia.com"], screenShield: true });
    const changed = await call(await patchShareRoute(request("PATCH", `/api/shares/${link.body.id}`, { maxViews: 5 }), idParams(link.body.id)));
    expect(changed).toMatchObject({ status: 200, body: { maxViews: 5 } });
    // The room's ideas' logs record the link (an event of a room link is each item's).
    const types = await db.evidenceEntry.findMany({ where: { ideaId: deck.id }, select: { type: true }, orderBy: { seq: "asc" } });
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(["link.created", "link.changed"]));
    const revoked = await call(await revokeRoute(request("DELETE", `/api/shares/${link.body.id}`), idParams(link.body.id)));
    expect(revoked).toMatchObject({ status: 200, body: { id: link.body.id } });
  });

  it("deleting: 409 while a live link opens the room; soft-deleted when dead links remain; gone when none ever did", async () => {
    const { owner, deck } = await setup();
    const lonely = await createRoom(owner.id, [deck.id]);
    expect((await remove(lonely.id)).status).toBe(204);
    expect(await db.room.findUnique({ where: { id: lonely.id } })).toBeNull();

    const room = await createRoom(owner.id, [deck.id]);
    const link = await createRoomShare(owner.id, room.id);
    const refused = await remove(room.id);
    expect(refused).toMatchObject({ status: 409, body: { error: expect.stringMatching(/Revoke its links/) } });
    await call(await revokeRoute(request("DELETE", `/api/shares/${link.id}`), idParams(link.id)));
    expect((await remove(room.id)).status).toBe(204);
    // The revoked link (and any acceptance made through it) keeps its room: soft-deleted, gone from every owner call.
    expect((await db.room.findUniqueOrThrow({ where: { id: room.id } })).deletedAt).not.toBeNull();
    expect((await get(room.id)).status).toBe(404);
    expect((await list()).body).toEqual({ rooms: [] });
  });
});
