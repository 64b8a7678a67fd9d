import { db } from "@/lib/platform/db";
import { GET as ideaRecipientsRoute } from "@/app/api/ideas/[id]/recipients/route";
import { GET as roomRecipientsRoute } from "@/app/api/rooms/[id]/recipients/route";
import { GET as linkRecipientsRoute } from "@/app/api/shares/[id]/recipients/route";
import { listIdeaRecipients } from "@/lib/domain/shares/recipient-evidence";
import { listRoomRecipients } from "@/lib/domain/rooms/link-recipients";
import { TEST_ORIGIN, agreedRecipient, createDraft, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { recordQueries } from "../../query-count";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/**
 * GET /api/ideas/{id}/recipients and GET /api/rooms/{id}/recipients: every live link's recipients of an idea, or of a
 * room, in one answer (what the share screen and the room's page poll), each list exactly as
 * GET /api/shares/{id}/recipients gives it. The same contract for both, so one suite runs over both.
 */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });

type RecipientsRoute = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

async function call(route: RecipientsRoute, path: string, id: string) {
  const res = await route(new Request(`${TEST_ORIGIN}${path}`, { headers: { origin: TEST_ORIGIN } }), { params: Promise.resolve({ id }) });
  return { status: res.status, body: await res.json() };
}

/** What differs between an idea and a room: how one is made and linked, its route, its list, its 404. */
type Target = {
  route: RecipientsRoute;
  path: (id: string) => string;
  list: (ownerId: string, id: string) => Promise<Record<string, unknown[]>>;
  /** A target of `ownerId` and a way to make one more live link of it. */
  make: (ownerId: string) => Promise<{ id: string; link: () => ReturnType<typeof createShare> | ReturnType<typeof createRoomShare>; deckId: number }>;
  notFound: string;
  malformedId: string;
};

const IDEA: Target = {
  route: ideaRecipientsRoute,
  path: (id) => `/api/ideas/${id}/recipients`,
  list: (ownerId, id) => listIdeaRecipients(ownerId, Number(id)),
  make: async (ownerId) => {
    const idea = await createDraft(ownerId, { title: "Deck" });
    return { id: String(idea.id), link: () => createShare(ownerId, idea.id), deckId: idea.id };
  },
  notFound: "Idea not found",
  malformedId: "12abc",
};

const ROOM: Target = {
  route: roomRecipientsRoute,
  path: (id) => `/api/rooms/${id}/recipients`,
  list: (ownerId, id) => listRoomRecipients(ownerId, id),
  make: async (ownerId) => {
    const deck = await createPublished(ownerId, { title: "Deck" });
    const room = await createRoom(ownerId, [deck.id]);
    return { id: room.id, link: () => createRoomShare(ownerId, room.id), deckId: deck.id };
  },
  notFound: "Room not found",
  malformedId: "not a room",
};

describe.each([
  ["GET /api/ideas/{id}/recipients", IDEA],
  ["GET /api/rooms/{id}/recipients", ROOM],
])("%s", (_name, target) => {
  const recipientsOf = (id: string) => call(target.route, target.path(id), id);

  async function setup() {
    const owner = await createUser({ name: "Fiona Founder" });
    const made = await target.make(owner.id);
    const busy = await made.link();
    const quiet = await made.link();
    const revoked = await made.link();
    const grace = await agreedRecipient(busy, { name: "Grace Hopper", email: "grace@example.com" });
    await createRecipient(busy, { name: "Alan Turing", email: "alan@example.com" });
    await agreedRecipient(revoked, { name: "Ada Lovelace", email: "ada@example.com" });
    await db.viewEvent.create({ data: { shareId: busy.id, ideaId: made.deckId, recipientId: grace.id, ip: "198.51.100.1", userAgent: null, engagementMs: 4_000, pageCount: 3 } });
    await db.share.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    // A link of another idea (for a room: of the room's idea itself) is not the target's.
    const other = target === ROOM ? await createShare(owner.id, made.deckId) : await createShare(owner.id, (await createDraft(owner.id)).id);
    await createRecipient(other, { name: "Olga Other", email: "olga@example.com" });
    asOwner(owner);
    return { owner, made, busy, quiet };
  }

  it("answers each live link's recipients by link id, each list as the link's own GET gives it", async () => {
    const { made, busy, quiet } = await setup();
    const { status, body } = await recipientsOf(made.id);
    expect(status).toBe(200);
    // A revoked link's list is final and not here, nor another target's link; a link without recipients has an empty list.
    expect(Object.keys(body).sort()).toEqual([busy.id, quiet.id].sort());
    expect(body[quiet.id]).toEqual([]);
    expect(body[busy.id].map((r: { name: string }) => r.name)).toEqual(["Alan Turing", "Grace Hopper"]);
    expect(body[busy.id]).toEqual((await call(linkRecipientsRoute, `/api/shares/${busy.id}/recipients`, busy.id)).body);
    expect(body[busy.id][1].views).toHaveLength(1);
  });

  it("answers an empty object when it has no live links", async () => {
    const { owner } = await setup();
    const lonely = await target.make(owner.id);
    expect(await recipientsOf(lonely.id)).toEqual({ status: 200, body: {} });
  });

  it("costs the same statements for one link or twelve", async () => {
    const { owner, made } = await setup();
    const few = await recordQueries(() => target.list(owner.id, made.id));
    for (let i = 0; i < 10; i++) await agreedRecipient(await made.link(), { name: `Reader ${i}`, email: `reader-${i}@example.com` });
    const many = await recordQueries(() => target.list(owner.id, made.id));
    expect(Object.keys(many.result)).toHaveLength(12);
    expect(many.queries.length).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(3);
  });

  it("answers 404 for another owner's target or a malformed id, and 401 without a session", async () => {
    const { made } = await setup();
    expect((await recipientsOf(target.malformedId)).status).toBe(404);
    asOwner(await createUser({ name: "Somebody Else" }));
    expect(await recipientsOf(made.id)).toMatchObject({ status: 404, body: { error: target.notFound } });
    Object.assign(routeSession, { user: null });
    expect((await recipientsOf(made.id)).status).toBe(401);
  });
});
