import { db } from "@/lib/platform/db";
import { createPdfIdea } from "@/lib/domain/ideas";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { GET as contentRoute } from "@/app/api/share/[token]/route";
import { GET as pageListRoute } from "@/app/api/share/[token]/pages/route";
import { GET as pageRoute } from "@/app/api/share/[token]/pages/[n]/route";
import { GET as agreementRoute } from "@/app/api/share/[token]/agreement/route";
import { POST as engagementRoute } from "@/app/api/share/[token]/engagement/route";
import { GET as fileRoute } from "@/app/api/files/[id]/route";
import { GET as listCommentsRoute, POST as addCommentRoute } from "@/app/api/comments/route";
import { POST as identifyRoute } from "@/app/api/recipients/route";
import { PUT as putDefaults } from "@/app/api/profile/sharing-defaults/route";
import { PATCH as patchShareRoute } from "@/app/api/shares/[id]/route";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createShare, createUser } from "../../factories";
import { mixedPdf } from "../../lib/domain/reader/sample";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/**
 * The address rules (the link's lists and the owner's account-wide blocked domains, /profile → 'Sharing defaults') are
 * a clause of the one recipient gate, so a block reaches a recipient who is already reading on its next call, whichever
 * call it is. A blocked recipient holds no session, so it gets what a browser whose session the link's PATCH ended got
 * before: the content call answers it as a newcomer (whose identify gets the 403), comments ask it to identify, and
 * every other call is the link's 404, the same as for a revoked link.
 */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const as = (secrets: string[]) => Object.assign(routeSession, { user: null, secrets, passcodes: {} });

const request = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, {
    method,
    headers: { origin: TEST_ORIGIN, "user-agent": TEST_CLIENT.userAgent, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const params = <P extends Record<string, string>>(p: P) => ({ params: Promise.resolve(p) });
const bodyOf = async (res: Response) => (res.headers.get("content-type")?.includes("json") ? res.json() : null);

/** Every recipient call a reader makes, as this browser; what each answered. */
async function calls(token: string, assetId: string) {
  const answers = {
    content: await contentRoute(request("GET", `/api/share/${token}`), params({ token })),
    pages: await pageListRoute(request("GET", `/api/share/${token}/pages`), params({ token })),
    page: await pageRoute(request("GET", `/api/share/${token}/pages/1?width=320`), params({ token, n: "1" })),
    file: await fileRoute(request("GET", `/api/files/${assetId}`), params({ id: assetId })),
    agreement: await agreementRoute(request("GET", `/api/share/${token}/agreement`), params({ token })),
    listComments: await listCommentsRoute(request("GET", `/api/comments?token=${token}`), params({})),
    addComment: await addCommentRoute(request("POST", `/api/comments?token=${token}`, { content: "A question" }), params({})),
    engagement: await engagementRoute(request("POST", `/api/share/${token}/engagement`, { pages: [{ n: 1, ms: 500 }] }), params({ token })),
  };
  const out: Record<string, { status: number; body: unknown }> = {};
  for (const [name, res] of Object.entries(answers)) out[name] = { status: res.status, body: await bodyOf(res) };
  return out;
}

/** What a reader gets: the content, its pages, the file, the agreement, comments, a counted report. */
function readsAll(out: Awaited<ReturnType<typeof calls>>) {
  expect(out.content.status).toBe(200);
  expect((out.content.body as { idea: { content?: unknown } }).idea.content).toBeDefined();
  expect(out.pages).toMatchObject({ status: 200, body: { pageCount: 3 } });
  expect(out.page.status).toBe(200);
  expect(out.file.status).toBe(200);
  expect(out.agreement.status).toBe(200);
  expect(out.listComments.status).toBe(200);
  expect(out.addComment.status).toBe(201);
  expect(out.engagement.status).toBe(204);
}

/** What a blocked recipient gets: the same answers as a browser whose session on the link was ended. */
function refusedAll(out: Awaited<ReturnType<typeof calls>>) {
  // The title, as for a newcomer: no content and no recipient (the screen asks for identity, which answers 403).
  expect(out.content.status).toBe(200);
  expect(out.content.body).toMatchObject({ recipient: null });
  expect((out.content.body as { idea: { content?: unknown } }).idea.content).toBeUndefined();
  for (const name of ["pages", "page", "agreement", "engagement"]) expect(out[name]).toMatchObject({ status: 404, body: { error: INVALID_LINK } });
  expect(out.file).toMatchObject({ status: 404, body: { error: "File not found" } });
  expect(out.listComments.status).toBe(401);
  expect(out.addComment.status).toBe(401);
}

/** /profile → 'Sharing defaults': the owner's account-wide blocked domains. */
async function blockAccountWide(owner: User, blockedDomains: string[]) {
  asOwner(owner);
  const res = await putDefaults(request("PUT", "/api/profile/sharing-defaults", { blockedDomains }), params({}));
  expect(res.status).toBe(200);
}

async function readingLink() {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createPdfIdea(owner.id, { title: "Kettle", fileName: "kettle.pdf", data: await mixedPdf() });
  const assetId = (await db.idea.findUniqueOrThrow({ where: { id: idea.id } })).pdfAssetId!;
  // Downloads on, so the PDF itself is one of the calls the gate decides.
  const share = await createShare(owner.id, idea.id, { allowDownload: true });
  const sam = await agreedRecipient(share, { name: "Sam Rival", email: "sam@competitor.com" });
  const ann = await agreedRecipient(share, { name: "Ann Partner", email: "ann@partner.io" });
  for (const r of [sam, ann]) {
    as(r.secrets);
    readsAll(await calls(share.accessLink, assetId));
  }
  return { owner, share, assetId, sam, ann };
}

/** What the refused calls must not have written for `recipientId`. */
async function traces(recipientId: string, shareId: string) {
  const view = await db.viewEvent.findFirstOrThrow({ where: { recipientId }, orderBy: { viewedAt: "desc" } });
  return {
    comments: await db.comment.count({ where: { recipientId } }),
    views: await db.viewEvent.count({ where: { recipientId } }),
    engagementMs: view.engagementMs,
    viewCount: (await db.share.findUniqueOrThrow({ where: { id: shareId } })).viewCount,
  };
}

describe("a block ends the sessions it covers", () => {
  afterEach(() => as([]));

  it("an account-wide block refuses a recipient who is reading on every call; others read on; lifting it lets the session back under the normal rules", async () => {
    const { owner, share, assetId, sam, ann } = await readingLink();

    await blockAccountWide(owner, ["competitor.com"]);

    as(sam.secrets);
    const before = await traces(sam.id, share.id);
    refusedAll(await calls(share.accessLink, assetId));
    expect(await traces(sam.id, share.id)).toEqual(before);
    // Identifying again is refused as for anyone at that domain.
    const again = await identifyRoute(request("POST", "/api/recipients", { name: "Sam Rival", email: "sam@competitor.com", accessToken: share.accessLink }), params({}));
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: "This link is not available to sam@competitor.com" });

    // Another domain is not touched.
    as(ann.secrets);
    readsAll(await calls(share.accessLink, assetId));

    // Lifted: the record was never changed, so the session is judged by the other clauses again. Inside its view
    // window it reads, and the content is a reload (no new view).
    await blockAccountWide(owner, []);
    as(sam.secrets);
    const viewsBefore = await db.viewEvent.count({ where: { recipientId: sam.id } });
    readsAll(await calls(share.accessLink, assetId));
    expect(await db.viewEvent.count({ where: { recipientId: sam.id } })).toBe(viewsBefore);
    // Past its window, it is any recipient's: the pages wait until the content call opens a new view.
    await db.recipient.update({ where: { id: sam.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
    const pages = await pageListRoute(request("GET", `/api/share/${share.accessLink}/pages`), params({ token: share.accessLink }));
    expect(pages.status).toBe(404);
    readsAll(await calls(share.accessLink, assetId));
    expect(await db.viewEvent.count({ where: { recipientId: sam.id } })).toBe(viewsBefore + 1);
  });

  it("a subdomain is covered; a look-alike domain is not", async () => {
    const { owner, share, assetId, sam } = await readingLink();
    const reader = async (name: string, email: string) => {
      const r = await agreedRecipient(share, { name, email });
      as(r.secrets);
      await contentRoute(request("GET", `/api/share/${share.accessLink}`), params({ token: share.accessLink }));
      return r;
    };
    const eve = await reader("Eve Rival", "eve@eu.competitor.com");
    const lee = await reader("Lee Alike", "lee@competitor.com.example.org");

    await blockAccountWide(owner, ["Competitor.com"]);
    for (const r of [sam, eve]) {
      as(r.secrets);
      refusedAll(await calls(share.accessLink, assetId));
    }
    as(lee.secrets);
    readsAll(await calls(share.accessLink, assetId));
  });

  it("a link-level block and an allow list that leaves the address out answer the same, and lifting them works the same", async () => {
    const { owner, share, assetId, sam, ann } = await readingLink();
    const patch = async (body: unknown) => {
      asOwner(owner);
      const res = await patchShareRoute(request("PATCH", `/api/shares/${share.id}`, body), params({ id: share.id }));
      expect(res.status).toBe(200);
    };

    await patch({ blockedDomains: ["competitor.com"] });
    as(sam.secrets);
    refusedAll(await calls(share.accessLink, assetId));
    as(ann.secrets);
    readsAll(await calls(share.accessLink, assetId));

    await patch({ blockedDomains: [] });
    as(sam.secrets);
    readsAll(await calls(share.accessLink, assetId));

    // An allow list naming only ann: sam is out; ann (whose address was never proven by a code) is asked for one.
    await patch({ allowedEmails: ["ann@partner.io"] });
    as(sam.secrets);
    refusedAll(await calls(share.accessLink, assetId));
    as(ann.secrets);
    const pages = await pageListRoute(request("GET", `/api/share/${share.accessLink}/pages`), params({ token: share.accessLink }));
    expect(pages.status).toBe(404);
  });
});
