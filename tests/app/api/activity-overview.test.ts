import { db } from "@/lib/platform/db";
import { GET as overviewRoute } from "@/app/api/activity/route";
import { HOT_READERS, readerOverview, type ActivityOverview } from "@/lib/features/activity/readers";
import { declineNda } from "@/lib/domain/recipients/decline";
import { acceptLinkNda } from "@/lib/domain/rooms/agreement";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createRoom, createRoomShare, createShare, createUser } from "../../factories";
import { recordQueries } from "../../query-count";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** The owner's reading overview: every reader of every idea, room and link, hot readers first, then newest activity. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
async function overview(query = ""): Promise<{ status: number; body: ActivityOverview & { error?: string } }> {
  const res = await overviewRoute(new Request(`${TEST_ORIGIN}/api/activity${query}`, { headers: { origin: TEST_ORIGIN } }), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

const DAY = 86_400_000;
/** A view of `ideaId` by `recipientId` that reported `ms` of reading on `pages`, its last report `agoMs` ago. */
async function view(shareId: string, ideaId: number, recipientId: string, { ms, pages, pageCount = 4, agoMs = 60_000 }: { ms: number; pages: number[]; pageCount?: number; agoMs?: number }) {
  const at = new Date(Date.now() - agoMs);
  const v = await db.viewEvent.create({
    data: { shareId, ideaId, recipientId, viewedAt: new Date(at.getTime() - ms), lastEngagementAt: at, engagementMs: ms, pageCount },
  });
  if (pages.length) await db.viewEngagement.createMany({ data: pages.map((n) => ({ viewId: v.id, n, ms: Math.floor(ms / pages.length) })) });
  return v;
}

/** Moves a recipient's identification and agreement `agoMs` into the past (their last activity is then their reading). */
async function backdate(recipientId: string, agoMs: number) {
  const at = new Date(Date.now() - agoMs);
  await db.recipient.update({ where: { id: recipientId }, data: { createdAt: at } });
  await db.ndaAcceptance.updateMany({ where: { recipientId }, data: { acceptedAt: at } });
}

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const deck = await createPublished(owner.id, { title: "Deck" });
  const memo = await createPublished(owner.id, { title: "Memo" });
  const deckLink = await createShare(owner.id, deck.id);
  await db.share.update({ where: { id: deckLink.id }, data: { name: "Sequoia" } });
  const memoLink = await createShare(owner.id, memo.id);
  const room = await createRoom(owner.id, [deck.id, memo.id], { name: "Seed round" });
  const roomLink = await createRoomShare(owner.id, room.id, { name: "Investors" });

  // Old heavy reading (outside the hot window), recent light reading, and someone who only identified.
  const ada = await agreedRecipient(deckLink, { name: "Ada Lovelace", email: "ada@example.com" });
  await view(deckLink.id, deck.id, ada.id, { ms: 600_000, pages: [1, 2, 3, 4], agoMs: 10 * DAY });
  await backdate(ada.id, 11 * DAY);
  const grace = await agreedRecipient(memoLink, { name: "Grace Hopper", email: "grace@example.com" });
  await view(memoLink.id, memo.id, grace.id, { ms: 30_000, pages: [1], agoMs: 2 * DAY });
  await backdate(grace.id, 3 * DAY);
  const alan = await createRecipient(roomLink, { name: "Alan Turing", email: "alan@example.com" });
  await acceptLinkNda(alan.id, alan.secrets, TEST_CLIENT);
  await view(roomLink.id, deck.id, alan.id, { ms: 90_000, pages: [1, 2], agoMs: 3 * DAY });
  await view(roomLink.id, memo.id, alan.id, { ms: 5_000, pages: [1], pageCount: 2, agoMs: 30 * DAY });
  await backdate(alan.id, 31 * DAY);
  const newcomer = await createRecipient(deckLink, { name: "Nina New", email: "nina@example.com" });

  // Another owner's idea, link and reader: never in this owner's overview.
  const other = await createUser({ name: "Other Owner" });
  const otherIdea = await createPublished(other.id, { title: "Not yours" });
  const otherLink = await createShare(other.id, otherIdea.id);
  const stranger = await agreedRecipient(otherLink, { name: "Stranger", email: "stranger@example.com" });
  await view(otherLink.id, otherIdea.id, stranger.id, { ms: 900_000, pages: [1], agoMs: 1000 });

  asOwner(owner);
  return { owner, deck, memo, deckLink, memoLink, room, roomLink, ada, grace, alan, newcomer, other, otherIdea, otherLink };
}

describe("GET /api/activity", () => {
  it("lists every reader of the owner's ideas, rooms and links: hot readers first by recent time, then newest activity", async () => {
    const { deck, memo, room, ada, grace, alan, newcomer } = await setup();
    const { status, body } = await overview();
    expect(status).toBe(200);
    expect(body.readers.map((r) => [r.name, r.idea?.title ?? null, r.hot])).toEqual([
      // Hot: reading time in the last 7 days, most first.
      ["Alan Turing", "Deck", true],
      ["Grace Hopper", "Memo", true],
      // The rest, newest activity first (Nina identified just now; Ada's reading was 10 days ago, Alan's memo 30).
      ["Nina New", "Deck", false],
      ["Ada Lovelace", "Deck", false],
      ["Alan Turing", "Memo", false],
    ]);
    const [alanDeck, graceMemo, nina, adaDeck, alanMemo] = body.readers;
    expect(alanDeck).toMatchObject({ recipientId: alan.id, email: "alan@example.com", idea: { id: deck.id }, room: { id: room.id, name: "Seed round" } });
    expect(alanDeck.link).toMatchObject({ name: "Investors", type: "full-access", label: "Investors (Full access)" });
    expect(alanDeck).toMatchObject({ readingSeconds: 90, recentReadingSeconds: 90, pagesRead: 2, pageCount: 4, completion: 0.5, visits: 1, agreed: true });
    expect(graceMemo).toMatchObject({ recipientId: grace.id, readingSeconds: 30, completion: 0.25, agreed: true, room: null });
    expect(nina).toMatchObject({ recipientId: newcomer.id, readingSeconds: 0, visits: 0, completion: null, agreed: false, link: { name: "Sequoia" } });
    expect(adaDeck).toMatchObject({ recipientId: ada.id, readingSeconds: 600, recentReadingSeconds: 0, completion: 1, hot: false });
    expect(alanMemo).toMatchObject({ idea: { id: memo.id }, completion: 0.5, recentReadingSeconds: 0 });
    // Newest activity first among the rest, by the times the rows carry.
    const rest = body.readers.filter((r) => !r.hot).map((r) => Date.parse(r.lastActivityAt));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(body.truncated).toBe(false);
  });

  it("never includes another owner's readers, ideas or links, not even in the filters' choices", async () => {
    const { other, otherIdea, otherLink, deck, memo } = await setup();
    const { body } = await overview();
    expect(body.readers.some((r) => r.email === "stranger@example.com")).toBe(false);
    expect(body.filters.ideas.map((i) => i.id).sort()).toEqual([String(deck.id), String(memo.id)].sort());
    expect(body.filters.links.map((l) => l.id)).not.toContain(otherLink.id);
    expect(body.filters.links).toHaveLength(3);
    // The other owner sees only their own reader.
    asOwner(other);
    const theirs = await overview();
    expect(theirs.body.readers.map((r) => [r.name, r.idea?.id, r.hot])).toEqual([["Stranger", otherIdea.id, true]]);
  });

  it("filters by idea (its links and its room readings) and by link", async () => {
    const { deck, roomLink, deckLink } = await setup();
    const byIdea = await overview(`?ideaId=${deck.id}`);
    expect(byIdea.status).toBe(200);
    expect(byIdea.body.readers.map((r) => r.name)).toEqual(["Alan Turing", "Nina New", "Ada Lovelace"]);
    const byRoomLink = await overview(`?shareId=${roomLink.id}`);
    expect(byRoomLink.body.readers.map((r) => [r.name, r.idea?.title])).toEqual([
      ["Alan Turing", "Deck"],
      ["Alan Turing", "Memo"],
    ]);
    const both = await overview(`?shareId=${deckLink.id}&ideaId=${deck.id}`);
    expect(both.body.readers.map((r) => r.name)).toEqual(["Nina New", "Ada Lovelace"]);
    // Hot is decided within the filter: Ada's old reading is still not hot, Nina has none.
    expect(both.body.readers.every((r) => !r.hot)).toBe(true);
  });

  it("answers 404 for another owner's (or an unknown or malformed) idea or link filter, and 401 without a session", async () => {
    const { otherIdea, otherLink } = await setup();
    for (const query of [`?ideaId=${otherIdea.id}`, `?shareId=${otherLink.id}`, "?ideaId=999999", "?ideaId=abc", "?shareId=nope", "?shareId=%00", "?shareId=a%E2%80%AEb"]) {
      expect((await overview(query)).status).toBe(404);
    }
    Object.assign(routeSession, { user: null });
    expect((await overview()).status).toBe(401);
  });

  it("counts a declined reader's row as declined, and a reader without a view keeps the link's idea", async () => {
    const { memoLink } = await setup();
    const bob = await createRecipient(memoLink, { name: "Bob Declines", email: "bob@example.com" });
    await declineNda(bob.id, bob.secrets);
    const { body } = await overview(`?shareId=${memoLink.id}`);
    expect(body.readers.find((r) => r.name === "Bob Declines")).toMatchObject({ declined: true, agreed: false, idea: { title: "Memo" } });
  });

  it("marks at most HOT_READERS rows hot, and costs the same number of statements for 1 reader or 30", async () => {
    const { owner, memoLink, memo } = await setup();
    const few = await recordQueries(() => readerOverview(owner.id, {}));
    for (let i = 0; i < 28; i++) {
      const r = await createRecipient(memoLink, { name: `Reader ${i}`, email: `reader-${i}@example.com` });
      await view(memoLink.id, memo.id, r.id, { ms: 1_000 * (i + 1), pages: [1, 2], agoMs: DAY });
    }
    const many = await recordQueries(() => readerOverview(owner.id, {}));
    expect(many.result.readers).toHaveLength(33);
    expect(many.queries.length).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(3);
    const hot = many.result.readers.filter((r) => r.hot);
    expect(hot).toHaveLength(HOT_READERS);
    // The hot group is the most recent reading time, most first: Alan 90 s, Grace 30 s, then readers 28 s, 27 s, 26 s.
    expect(hot.map((r) => r.name)).toEqual(["Alan Turing", "Grace Hopper", "Reader 27", "Reader 26", "Reader 25"]);
    expect(many.result.readers.slice(0, HOT_READERS).every((r) => r.hot)).toBe(true);
  });
});
