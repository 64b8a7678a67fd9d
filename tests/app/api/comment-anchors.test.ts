import { mockCookieJar } from "../../recipient-cookie-jar";

jest.mock("next/headers", () => ({ cookies: async () => mockCookieJar.store() }));

import { GET, POST } from "@/app/api/comments/route";
import { db } from "@/lib/platform/db";
import { evidenceEntries } from "@/lib/domain/evidence-log/read";
import { recipientCookieName } from "@/lib/domain/recipients/cookies";
import { TEST_ORIGIN, agreedRecipient, createDraft, createPdfDraft, createShare, createUser } from "../../factories";

/** A comment remembers the page (PDF) or section (HTML) its reader was on; the unit is the idea's, not the client's. */
const ctx = { params: Promise.resolve({}) };
const post = (token: string, body: unknown) =>
  POST(
    new Request(`${TEST_ORIGIN}/api/comments?token=${token}`, { method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify(body) }),
    ctx,
  );
const list = (token: string) => GET(new Request(`${TEST_ORIGIN}/api/comments?token=${token}`), ctx);

async function readerOf(idea: { id: number }, ownerId: string) {
  const link = await createShare(ownerId, idea.id);
  const reader = await agreedRecipient(link, { name: "Ada Reader" });
  mockCookieJar.clear();
  mockCookieJar.cookies.set(recipientCookieName(link.id), reader.secret);
  return { link, reader };
}

describe("comments anchored to a page or section", () => {
  afterEach(() => mockCookieJar.clear());

  it("anchors a PDF idea's comment to its page and an HTML idea's to its section, in the answer, the list and the log", async () => {
    const owner = await createUser();
    const pdf = await createPdfDraft(owner.id, "Deck");
    const { link: pdfLink } = await readerOf(pdf, owner.id);
    const onPage = await post(pdfLink.accessLink, { content: "The chart on this page", page: 3 });
    expect(onPage.status).toBe(201);
    const stored = await onPage.json();
    expect(stored.anchor).toEqual({ unit: "page", n: 3 });
    expect((await (await list(pdfLink.accessLink)).json())[0].anchor).toEqual({ unit: "page", n: 3 });
    const logged = (await evidenceEntries(pdf.id)).find((e) => e.type === "comment" && e.data.commentId === stored.id);
    expect(logged?.data.anchor).toEqual({ unit: "page", n: 3 });

    const html = await createDraft(owner.id, { title: "Essay", content: "<h1>One</h1><p>a</p><h1>Two</h1><p>b</p>" });
    const { link: htmlLink } = await readerOf(html, owner.id);
    const inSection = await post(htmlLink.accessLink, { content: "Second section", page: 2 });
    expect(inSection.status).toBe(201);
    expect((await inSection.json()).anchor).toEqual({ unit: "section", n: 2 });
  });

  it("keeps a comment sent without a page unanchored (SPEC's body), and refuses a page that is not a whole number from 1", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const { link } = await readerOf(idea, owner.id);
    const plain = await post(link.accessLink, { content: "No page" });
    expect(plain.status).toBe(201);
    expect((await plain.json()).anchor).toBeNull();

    for (const [page, message] of [
      [0, "Page must be 1 or more"],
      [1.5, "Page must be a whole number"],
      ["2", "Page must be a whole number"],
      [100_001, "Page must be at most 100000"],
    ] as const) {
      const res = await post(link.accessLink, { content: `bad ${page}`, page });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await db.comment.count({ where: { ideaId: idea.id } })).toBe(1);
  });
});
