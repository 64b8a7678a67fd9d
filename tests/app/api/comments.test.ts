import { mockCookieJar } from "../../recipient-cookie-jar";

jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));

import { GET, POST } from "@/app/api/comments/route";
import { db } from "@/lib/platform/db";
import { WHICH_LINK } from "@/lib/domain/comments";
import { recipientCookieName } from "@/lib/domain/recipients/cookies";
import { TEST_ORIGIN, agreedRecipient, createDraft, createShare, createUser } from "../../factories";

const ctx = { params: Promise.resolve({}) };
const get = (query = "") => GET(new Request(`${TEST_ORIGIN}/api/comments${query}`), ctx);
const post = (query: string, body: unknown) =>
  POST(new Request(`${TEST_ORIGIN}/api/comments${query}`, { method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify(body) }), ctx);
const contents = async (res: Response) => ((await res.json()) as { content: string }[]).map((c) => c.content);

/** One browser that opened two links (two ideas) and agreed on both: two recipient cookies in one jar. */
async function twoLinksInOneBrowser() {
  const owner = await createUser();
  const [kettle, lamp] = [await createDraft(owner.id, { title: "Kettle" }), await createDraft(owner.id, { title: "Lamp" })];
  const [kettleLink, lampLink] = [await createShare(owner.id, kettle.id), await createShare(owner.id, lamp.id)];
  const onKettle = await agreedRecipient(kettleLink, { name: "Grace Hopper" });
  // Identified second: the browser's newest recipient session.
  const onLamp = await agreedRecipient(lampLink, { name: "Grace Hopper" });
  await db.comment.create({ data: { ideaId: kettle.id, recipientId: onKettle.id, author: onKettle.name, content: "about the kettle" } });
  await db.comment.create({ data: { ideaId: lamp.id, recipientId: onLamp.id, author: onLamp.name, content: "about the lamp" } });
  mockCookieJar.clear();
  mockCookieJar.cookies.set(recipientCookieName(kettleLink.id), onKettle.secret);
  mockCookieJar.cookies.set(recipientCookieName(lampLink.id), onLamp.secret);
  return { kettle, lamp, kettleLink, lampLink, onKettle, onLamp };
}

describe("/api/comments with two links open in one browser", () => {
  afterEach(() => mockCookieJar.clear());

  it("each panel reads and posts the comments of the link it views (?token=), before and after posting", async () => {
    const { kettle, lamp, kettleLink, lampLink, onKettle } = await twoLinksInOneBrowser();
    const kettleList = `?ideaId=${kettle.id}&token=${kettleLink.accessLink}`;
    expect(await contents(await get(kettleList))).toEqual(["about the kettle"]);
    expect(await contents(await get(`?ideaId=${lamp.id}&token=${lampLink.accessLink}`))).toEqual(["about the lamp"]);

    // The kettle panel posts, then re-fetches its list: still the kettle's comments only.
    const posted = await post(`?token=${kettleLink.accessLink}`, { recipientId: onKettle.id, author: "x", content: "kettle again" });
    expect(posted.status).toBe(201);
    expect(await db.comment.findFirstOrThrow({ where: { content: "kettle again" } })).toMatchObject({ ideaId: kettle.id, recipientId: onKettle.id });
    expect(await contents(await get(kettleList))).toEqual(["about the kettle", "kettle again"]);
    expect(await contents(await get(`?token=${kettleLink.accessLink}`))).toEqual(["about the kettle", "kettle again"]);

    // Posting without a recipient id lands on the link the token names, not on the newest session.
    expect((await post(`?token=${kettleLink.accessLink}`, { content: "no id" })).status).toBe(201);
    expect(await db.comment.findFirstOrThrow({ where: { content: "no id" } })).toMatchObject({ ideaId: kettle.id });
  });

  it("never guesses: unscoped calls with several readable links answer 400, a mismatched scope 401/403/404", async () => {
    const { kettle, kettleLink, lampLink, onLamp } = await twoLinksInOneBrowser();
    const unscoped = await get();
    expect(unscoped.status).toBe(400);
    expect((await unscoped.json()).error).toBe(WHICH_LINK);
    expect((await post("", { content: "where does this go?" })).status).toBe(400);
    expect(await db.comment.count({ where: { content: "where does this go?" } })).toBe(0);
    // The lamp recipient posting to the kettle's link: refused (it is not this browser's recipient on that link).
    expect((await post(`?token=${kettleLink.accessLink}`, { recipientId: onLamp.id, content: "crossed" })).status).toBe(401);
    // The idea of one link with the token of another: the token's link does not open it.
    expect((await get(`?ideaId=${kettle.id}&token=${lampLink.accessLink}`)).status).toBe(404);
    // A malformed or unknown token.
    expect((await get("?token=%00")).status).toBe(404);
    expect((await get(`?token=${"A".repeat(43)}`)).status).toBe(401);
    expect(await db.comment.count({ where: { content: "crossed" } })).toBe(0);
  });

  it("keeps the spec's unscoped GET /api/comments for a browser with one link", async () => {
    const { kettleLink } = await twoLinksInOneBrowser();
    mockCookieJar.cookies.delete(recipientCookieName(kettleLink.id));
    expect(await contents(await get())).toEqual(["about the lamp"]);
  });
});
