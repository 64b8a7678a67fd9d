import { db } from "@/lib/platform/db";
import { GET as visitsRoute } from "@/app/api/ideas/[id]/visits/route";
import { listVisits, type VisitsPage } from "@/lib/domain/engagement/visits";
import { mostReadPages } from "@/lib/domain/engagement/most-read";
import { TEST_ORIGIN, agreedRecipient, createPublished, createShare, createUser } from "../../factories";
import { recordQueries } from "../../query-count";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** Each visit (one opening of the reader) with its pages and time, newest first, for the idea's owner only. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
async function visits(ideaId: number | string, query = ""): Promise<{ status: number; body: VisitsPage & { error?: string } }> {
  const res = await visitsRoute(new Request(`${TEST_ORIGIN}/api/ideas/${ideaId}/visits${query}`, { headers: { origin: TEST_ORIGIN } }), {
    params: Promise.resolve({ id: String(ideaId) }),
  });
  return { status: res.status, body: await res.json() };
}

/** A visit that started `agoMs` ago and read `pages` (page → ms). */
async function visit(shareId: string, ideaId: number, recipientId: string, agoMs: number, pages: Record<number, number>, pageCount = 5) {
  const ms = Object.values(pages).reduce((a, b) => a + b, 0);
  const viewedAt = new Date(Date.now() - agoMs);
  const v = await db.viewEvent.create({
    data: { shareId, ideaId, recipientId, viewedAt, lastEngagementAt: new Date(viewedAt.getTime() + ms), engagementMs: ms, pageCount, version: 1 },
  });
  const rows = Object.entries(pages).map(([n, pageMs]) => ({ viewId: v.id, n: Number(n), ms: pageMs }));
  if (rows.length) await db.viewEngagement.createMany({ data: rows });
  return v;
}

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createPublished(owner.id, { title: "Deck" });
  const link = await createShare(owner.id, idea.id);
  await db.share.update({ where: { id: link.id }, data: { name: "Sequoia" } });
  const other = await createShare(owner.id, idea.id);
  const ada = await agreedRecipient(link, { name: "Ada Lovelace", email: "Ada@Example.com" });
  const alan = await agreedRecipient(other, { name: "Alan Turing", email: "alan@example.com" });
  const first = await visit(link.id, idea.id, ada.id, 3 * 3600_000, { 1: 40_000, 2: 20_000, 3: 0 });
  const second = await visit(other.id, idea.id, alan.id, 2 * 3600_000, { 1: 5_000 });
  const third = await visit(link.id, idea.id, ada.id, 3600_000, { 2: 30_000, 4: 90_000 });
  asOwner(owner);
  return { owner, idea, link, other, ada, alan, first, second, third };
}

describe("GET /api/ideas/{id}/visits", () => {
  it("lists each visit newest first with its link, reader, time and pages read", async () => {
    const { idea, link, first, second, third } = await setup();
    const { status, body } = await visits(idea.id);
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.visits.map((v) => v.id)).toEqual([third.id, second.id, first.id]);
    expect(body.visits[2]).toEqual({
      id: first.id,
      shareId: link.id,
      linkName: "Sequoia",
      recipient: { name: "Ada Lovelace", email: "ada@example.com" },
      startedAt: first.viewedAt.toISOString(),
      lastActiveAt: first.lastEngagementAt!.toISOString(),
      timeMs: 60_000,
      version: 1,
      pageCount: 5,
      // A rich-text idea is read in sections.
      unit: "section",
      // A page with no reading time is not read.
      pagesRead: 2,
      pages: [{ n: 1, ms: 40_000 }, { n: 2, ms: 20_000 }],
    });
    expect(body.visits[1].linkName).toBeNull();
  });

  it("counts a PDF idea's visits in pages and any other idea's in sections", async () => {
    const { idea } = await setup();
    expect(new Set((await visits(idea.id)).body.visits.map((v) => v.unit))).toEqual(new Set(["section"]));
    // Only the idea's kind decides (what the reader counted is stored on each view).
    await db.idea.update({ where: { id: idea.id }, data: { kind: "pdf" } });
    expect(new Set((await visits(idea.id)).body.visits.map((v) => v.unit))).toEqual(new Set(["page"]));
    await db.idea.update({ where: { id: idea.id }, data: { kind: "canvas" } });
    expect(new Set((await visits(idea.id)).body.visits.map((v) => v.unit))).toEqual(new Set(["section"]));
  });

  it("filters by the reader's address (any case) and by link", async () => {
    const { idea, other, first, second, third } = await setup();
    expect((await visits(idea.id, "?email=ADA%40example.com")).body.visits.map((v) => v.id)).toEqual([third.id, first.id]);
    expect((await visits(idea.id, `?shareId=${other.id}`)).body.visits.map((v) => v.id)).toEqual([second.id]);
    expect((await visits(idea.id, `?shareId=${other.id}&email=ada%40example.com`)).body.visits).toEqual([]);
  });

  it("pages with a cursor until the last visit", async () => {
    const { idea, first, second, third } = await setup();
    const one = await visits(idea.id, "?limit=2");
    expect(one.body.visits.map((v) => v.id)).toEqual([third.id, second.id]);
    expect(one.body.nextCursor).toBe(second.id);
    const two = await visits(idea.id, `?limit=2&cursor=${one.body.nextCursor}`);
    expect(two.body.visits.map((v) => v.id)).toEqual([first.id]);
    expect(two.body.nextCursor).toBeNull();
  });

  it("answers 404 'Idea not found' for another owner's idea and 401 without a session", async () => {
    const { idea } = await setup();
    asOwner(await createUser({ name: "Somebody Else" }));
    const res = await visits(idea.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Idea not found");
    await expect(listVisits("nobody", idea.id)).rejects.toMatchObject({ status: 404 });
    Object.assign(routeSession, { user: null });
    expect((await visits(idea.id)).status).toBe(401);
  });

  it.each([["?limit=0"], ["?limit=101"], ["?limit=ten"], ["?cursor=a%20b"], ["?shareId=..%2Fx"]])("refuses a bad query %s with 400", async (query) => {
    const { idea } = await setup();
    const res = await visits(idea.id, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/limit|cursor|shareId/);
  });

  it("costs the same statements for one visit or thirty", async () => {
    const { owner, idea, link, ada } = await setup();
    const few = await recordQueries(() => listVisits(owner.id, idea.id));
    for (let i = 0; i < 27; i++) await visit(link.id, idea.id, ada.id, 60_000 + i, { 1: 1_000, 2: 2_000 });
    const many = await recordQueries(() => listVisits(owner.id, idea.id, { limit: 100 }));
    expect(many.result.visits).toHaveLength(30);
    expect(many.queries.length).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(2);
  });
});

describe("mostReadPages", () => {
  it("takes the pages with most time, ties to the earlier page", () => {
    expect(mostReadPages([{ n: 1, ms: 5 }, { n: 2, ms: 9 }, { n: 3, ms: 5 }, { n: 4, ms: 1 }])).toEqual([{ n: 2, ms: 9 }, { n: 1, ms: 5 }, { n: 3, ms: 5 }]);
  });
});
