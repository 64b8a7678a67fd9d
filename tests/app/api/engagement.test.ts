import { mockCookieJar } from "../../recipient-cookie-jar";

jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));

import pg from "pg";
import { POST as engagementRoute } from "@/app/api/share/[token]/engagement/route";
import { db } from "@/lib/platform/db";
import { ENGAGEMENT_SLACK_MS } from "@/lib/domain/engagement";
import { sealContent } from "@/lib/domain/ideas/content";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { recipientCookieName } from "@/lib/domain/recipients/cookies";
import { revokeShare } from "@/lib/domain/shares";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { setEnv } from "../../db-utils";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPdfDraft, createPublished, createRecipient, createShare, createUser } from "../../factories";

const THREE_SECTIONS = "<h1>Title</h1><h2>Problem</h2><p>a</p><h2>Solution</h2><p>b</p><blockquote><h3>nested</h3></blockquote><h2>Market</h2><p>c</p>";

type Page = { n: number; ms: number };

function post(token: string, body: unknown, init: { contentType?: string; raw?: BodyInit } = {}) {
  const req = new Request(`${TEST_ORIGIN}/api/share/${token}/engagement`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, ...(init.raw instanceof Blob ? {} : { "content-type": init.contentType ?? "application/json" }) },
    body: init.raw ?? JSON.stringify(body),
  });
  return engagementRoute(req, { params: Promise.resolve({ token }) });
}
const report = (token: string, pages: Page[]) => post(token, { pages });

/** The browser holds `secret` for `shareId` only. */
function browserOf(shareId: string, secret: string) {
  mockCookieJar.clear();
  mockCookieJar.cookies.set(recipientCookieName(shareId), secret);
}

/** An agreed recipient whose view started `startedSecondsAgo` ago (the content was delivered, a view counted). */
async function reading(opts: { content?: string; pdf?: boolean; startedSecondsAgo?: number } = {}) {
  const owner = await createUser();
  const idea = opts.pdf ? await createPdfDraft(owner.id) : await createPublished(owner.id, { content: opts.content ?? THREE_SECTIONS });
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share);
  await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
  const view = await db.viewEvent.findFirstOrThrow({ where: { recipientId: recipient.id } });
  await startedAgo(view.id, opts.startedSecondsAgo ?? 600);
  browserOf(share.id, recipient.secret);
  return { owner, idea, share, recipient, view };
}

/**
 * Moves the view's start (and its last report) back in time, as if that much wall-clock time had passed; the
 * person's reading clock on the idea (lib/domain/engagement) moves back with it, by as much as the view's start did.
 */
async function startedAgo(viewId: string, seconds: number, lastReportSecondsAgo: number | null = null) {
  const at = (s: number) => new Date(Date.now() - s * 1000);
  const view = await db.viewEvent.findUniqueOrThrow({ where: { id: viewId }, select: { viewedAt: true, ideaId: true } });
  const start = at(seconds);
  await db.viewEvent.update({ where: { id: viewId }, data: { viewedAt: start, lastEngagementAt: lastReportSecondsAgo === null ? null : at(lastReportSecondsAgo) } });
  const shift = start.getTime() - view.viewedAt.getTime();
  await db.$executeRaw`UPDATE "ReadingClock" SET "countedFrom" = "countedFrom" + ${shift} * interval '1 millisecond',
    "countedUntil" = "countedUntil" + ${shift} * interval '1 millisecond' WHERE "ideaId" = ${view.ideaId}`;
}

async function stored(viewId: string) {
  const rows = await db.viewEngagement.findMany({ where: { viewId }, orderBy: { n: "asc" } });
  const view = await db.viewEvent.findUniqueOrThrow({ where: { id: viewId } });
  return { pages: rows.map((r) => ({ n: r.n, ms: r.ms })), total: view.engagementMs, pageCount: view.pageCount };
}

describe("POST /api/share/{token}/engagement", () => {
  afterEach(() => mockCookieJar.clear());

  it("stores time per section of the agreed recipient's view (204), adds up reports, drops sections outside the idea", async () => {
    const { share, view } = await reading();
    const res = await report(share.accessLink, [{ n: 1, ms: 4000 }, { n: 2, ms: 3000 }, { n: 4, ms: 9000 }, { n: 1, ms: 1000 }, { n: 3, ms: 0 }]);
    expect(res.status).toBe(204);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    // Three sections: the bare title joins "Problem", the nested heading starts none; section 4 does not exist.
    expect(await stored(view.id)).toEqual({ pages: [{ n: 1, ms: 5000 }, { n: 2, ms: 3000 }], total: 8000, pageCount: 3 });

    await startedAgo(view.id, 600, 30);
    expect((await report(share.accessLink, [{ n: 2, ms: 2000 }, { n: 3, ms: 7000 }])).status).toBe(204);
    expect(await stored(view.id)).toEqual({ pages: [{ n: 1, ms: 5000 }, { n: 2, ms: 5000 }, { n: 3, ms: 7000 }], total: 17000, pageCount: 3 });
  });

  it("accepts sendBeacon's Blob of type application/json", async () => {
    const { share, view } = await reading();
    const blob = new Blob([JSON.stringify({ pages: [{ n: 2, ms: 1500 }] })], { type: "application/json" });
    expect((await post(share.accessLink, null, { raw: blob })).status).toBe(204);
    expect((await stored(view.id)).pages).toEqual([{ n: 2, ms: 1500 }]);
  });

  it("counts PDF pages against the file's page count", async () => {
    const { share, view } = await reading({ pdf: true });
    expect((await report(share.accessLink, [{ n: 1, ms: 2000 }, { n: 2, ms: 2000 }])).status).toBe(204);
    expect(await stored(view.id)).toEqual({ pages: [{ n: 1, ms: 2000 }], total: 2000, pageCount: 1 });
  });

  it("counts an idea of any other content (the reader shows it as JSON) as one section, like a canvas", async () => {
    const { owner, idea, share, view } = await reading();
    await db.idea.update({ where: { id: idea.id }, data: sealContent(owner.id, { kind: "other", value: { legacy: [1, 2, 3] } }) });
    expect((await report(share.accessLink, [{ n: 1, ms: 3000 }, { n: 2, ms: 1000 }])).status).toBe(204);
    expect(await stored(view.id)).toEqual({ pages: [{ n: 1, ms: 3000 }], total: 3000, pageCount: 1 });
  });

  it("never stores more than the wall-clock time since the previous report plus the slack", async () => {
    const { share, view } = await reading({ startedSecondsAgo: 20 });
    // 20 s after the view started, a report claims 100 s: clipped to about 20 s + slack, each page keeping its share.
    await report(share.accessLink, [{ n: 1, ms: 75_000 }, { n: 2, ms: 25_000 }]);
    const first = await stored(view.id);
    expect(first.total).toBeGreaterThanOrEqual(20_000 - 10);
    expect(first.total).toBeLessThanOrEqual(20_000 + ENGAGEMENT_SLACK_MS + 2_000);
    expect(first.pages[0].ms / first.pages[1].ms).toBeCloseTo(3, 1);

    // Straight after, another 30 s: nothing (or next to nothing) has passed since.
    await report(share.accessLink, [{ n: 3, ms: 30_000 }]);
    const second = await stored(view.id);
    const elapsed = Date.now() - (await db.viewEvent.findUniqueOrThrow({ where: { id: view.id } })).viewedAt.getTime();
    expect(second.total).toBeLessThanOrEqual(elapsed + ENGAGEMENT_SLACK_MS);

    // Later (the view began a minute ago, the last report was 15 s ago), a 15 s report fits and is stored whole.
    await startedAgo(view.id, 60, 15);
    await report(share.accessLink, [{ n: 3, ms: 15_000 }]);
    const third = await stored(view.id);
    expect(third.total - second.total).toBe(15_000);
  });

  it("lets concurrent reports share the elapsed time instead of each claiming it", async () => {
    const { share, view } = await reading({ startedSecondsAgo: 60 });
    const results = await Promise.all(Array.from({ length: 6 }, () => report(share.accessLink, [{ n: 1, ms: 60_000 }])));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(204));
    const { total, pages } = await stored(view.id);
    expect(total).toBeGreaterThanOrEqual(60_000);
    // 60 s had passed (plus the test's own few seconds at most), not 6 × 60 s.
    expect(total).toBeLessThanOrEqual(60_000 + ENGAGEMENT_SLACK_MS + 5_000);
    expect(pages).toEqual([{ n: 1, ms: total }]);
  });

  it("answers 404 to anyone but the agreed recipient with a live view, storing nothing", async () => {
    const { owner, idea, share, recipient, view } = await reading();
    const pages = [{ n: 1, ms: 1000 }];
    const expect404 = async (token = share.accessLink) => expect((await report(token, pages)).status).toBe(404);

    mockCookieJar.clear();
    await expect404(); // anonymous

    // Another link's agreed recipient, of the same idea, with a live view of its own.
    const other = await createShare(owner.id, idea.id);
    const otherReader = await agreedRecipient(other);
    await getSharedIdea(other.accessLink, otherReader.secrets, TEST_CLIENT);
    browserOf(other.id, otherReader.secret);
    await expect404();
    mockCookieJar.cookies.set(recipientCookieName(share.id), otherReader.secret);
    await expect404();

    // Identified on this link but not agreed.
    const stranger = await createRecipient(share);
    browserOf(share.id, stranger.secret);
    await expect404();

    // The agreed recipient once its view window is over.
    browserOf(share.id, recipient.secret);
    await db.recipient.update({ where: { id: recipient.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
    await expect404();
    await db.recipient.update({ where: { id: recipient.id }, data: { viewWindowEndsAt: new Date(Date.now() + 3600_000) } });

    // A token that is no link, and the link once revoked.
    await expect404("A".repeat(43));
    await expect404("not a token!");
    await revokeShare(owner.id, share.id);
    await expect404();

    expect(await stored(view.id)).toEqual({ pages: [], total: 0, pageCount: null });
    // The gate comes first: nobody it refuses was counted against a report limit (the limit is the reader's).
    expect(await db.rateLimit.count({ where: { key: { startsWith: "engagement:" } } })).toBe(0);
  });

  it("costs one statement per report once the view's page count is fixed, plus its evidence-log entry", async () => {
    const { share, view } = await reading();
    expect((await report(share.accessLink, [{ n: 1, ms: 1000 }])).status).toBe(204); // fixes N (a second trip)
    const queries = jest.spyOn(pg.Client.prototype, "query");
    try {
      await startedAgo(view.id, 600, 30);
      queries.mockClear();
      expect((await report(share.accessLink, [{ n: 2, ms: 2000 }])).status).toBe(204);
      // The gate, the report limit and the accounting in one statement (every pool's client counts here); the time
      // it stored is evidence, appended to the idea's log in the same transaction: BEGIN, the report, the log's
      // head and its entry, COMMIT.
      expect(queries).toHaveBeenCalledTimes(5);
      expect(queries.mock.calls.map(([q]) => (typeof q === "string" ? q : (q as { name?: string }).name ?? "")).filter((q) => q === "BEGIN" || q === "COMMIT" || q === "engagement-report")).toEqual(["BEGIN", "engagement-report", "COMMIT"]);
    } finally {
      queries.mockRestore();
    }
    expect(await stored(view.id)).toEqual({ pages: [{ n: 1, ms: 1000 }, { n: 2, ms: 2000 }], total: 3000, pageCount: 3 });
  });

  it("answers 400 to a malformed report and stores nothing", async () => {
    const { share, view } = await reading();
    const bad: unknown[] = [
      {},
      { pages: "lots" },
      { pages: [{ n: 0, ms: 10 }] },
      { pages: [{ n: 1.5, ms: 10 }] },
      { pages: [{ n: 1, ms: -1 }] },
      { pages: [{ n: 1, ms: 2.5 }] },
      { pages: [{ n: 1, ms: 24 * 3600_000 }] },
      { pages: [{ n: "1", ms: 10 }] },
      { pages: Array.from({ length: 501 }, (_, i) => ({ n: i + 1, ms: 1 })) },
    ];
    for (const body of bad) expect({ body, status: (await post(share.accessLink, body)).status }).toEqual({ body, status: 400 });
    expect((await post(share.accessLink, null, { raw: "{not json" })).status).toBe(400);
    expect((await post(share.accessLink, null, { raw: JSON.stringify({ pages: [] }), contentType: "text/plain" })).status).toBe(415);
    expect(await stored(view.id)).toEqual({ pages: [], total: 0, pageCount: null });
  });

  it("limits reports per recipient (429), counting nothing past the limit", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.025" }); // 120 × 0.025: 3 reports per 10 minutes (a view's first report counts twice)
    const { share, view, recipient } = await reading();
    expect((await report(share.accessLink, [{ n: 1, ms: 1000 }])).status).toBe(204);
    expect((await report(share.accessLink, [{ n: 1, ms: 1000 }])).status).toBe(204);
    const limited = await report(share.accessLink, [{ n: 1, ms: 1000 }]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await stored(view.id)).total).toBe(2000);
    // Counted under the policy's own key for this recipient (lib/platform/rate-limit/policies.ts).
    const [limit] = rateLimits.engagement(recipient.id);
    expect(await db.rateLimit.findUnique({ where: { key: limit.key } })).toMatchObject({ count: 4 });
  });
});
