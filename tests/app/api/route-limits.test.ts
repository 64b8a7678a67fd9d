import { db } from "@/lib/platform/db";
import { addComment } from "@/lib/domain/comments";
import { setEnv } from "../../db-utils";
import { TEST_CLIENT, agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";
import { identifyRoute, sendCodeRoute, verifyCodeRoute } from "../../recipient-routes";
import { ACCEPT_FIRST } from "@/lib/domain/comments";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { CODE_MAILS_CAPPED } from "@/lib/domain/recipients/email-code";

/**
 * Limits that lib/ functions counted once and the routes now declare (lib/features/api/routes.ts): each still answers 429 at
 * its budget, stores nothing more, and is per caller.
 */

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

import { POST as replyRoute } from "@/app/api/comments/[id]/replies/route";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { POST as identifyPost } from "@/app/api/recipients/route";
import { POST as commentRoute } from "@/app/api/comments/route";
import { GET as pageListRoute } from "@/app/api/share/[token]/pages/route";

const post = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const noParams = { params: Promise.resolve({}) };

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

describe("limits the routes declare", () => {
  beforeEach(() => {
    session.user = null;
    session.secrets = [];
    session.passcodes = {};
  });

  it("limits replies per owner; an unknown comment is a 404 that costs nothing", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const r = await agreedRecipient(share, { name: "Grace Hopper" });
    const comment = await addComment({ content: "Who builds it?" }, r.secrets);
    signIn(owner);
    setEnv({ RATE_LIMIT_SCALE: "0.05" }); // 60 per 10 minutes → 3
    const reply = (id: string, content: string) => replyRoute(post(`/api/comments/${id}/replies`, { content }), { params: Promise.resolve({ id }) });
    expect((await reply("unknown-comment", "nobody")).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await reply(comment.id, `r${i}`)).status).toBe(201);
    const refused = await reply(comment.id, "one too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.comment.count()).toBe(4);
  });

  it("limits share creation per owner; another owner has its own budget", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.03" }); // 100/hour → 3
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    signIn(owner);
    const create = (ideaId: number) => createShareRoute(post("/api/shares", { ideaId, shareType: "full-access" }), noParams);
    for (let i = 0; i < 3; i++) expect((await create(idea.id)).status).toBe(201);
    expect((await create(idea.id)).status).toBe(429);
    expect(await db.share.count()).toBe(3);
    const other = await createUser();
    const theirs = await createDraft(other.id);
    signIn(other);
    expect((await create(theirs.id)).status).toBe(201);
  });

  it("limits recipient creation per address", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.1" }); // 30/hour → 3
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const identify = (i: number) =>
      identifyPost(post("/api/recipients", { accessToken: share.accessLink, name: "Grace Hopper", email: `grace-${i}@example.com`, phone: "+1 555 0100" }), noParams);
    for (let i = 0; i < 3; i++) expect((await identify(i)).status).toBe(201);
    expect((await identify(3)).status).toBe(429);
    expect(await db.recipient.count()).toBe(3);
  });

  // Limits keyed on the recipient or link a route's load finds (lib/features/api/routes.ts): counted once it is found.

  it("limits comments per recipient, counted once the comment gate found it; a refused commenter uses none", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.1" }); // 30 per 10 minutes → 3
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const pending = await createRecipient(share);
    const r = await agreedRecipient(share);
    const comment = (secrets: string[], content: string) => {
      session.secrets = secrets;
      return commentRoute(post(`/api/comments?token=${share.accessLink}`, { content }), noParams);
    };
    // Not agreed yet: 403, five times over, and none of it counts against anyone.
    for (let i = 0; i < 5; i++) {
      const refused = await comment(pending.secrets, `early ${i}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: ACCEPT_FIRST });
    }
    for (let i = 0; i < 3; i++) expect((await comment(r.secrets, `c${i}`)).status).toBe(201);
    const limited = await comment(r.secrets, "one too many");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.comment.count()).toBe(3);
    expect(await db.rateLimit.findUnique({ where: { key: `comment:${pending.id}` } })).toBeNull();
    expect(await db.rateLimit.findUnique({ where: { key: `comment:${r.id}` } })).toMatchObject({ count: 4 });
  });

  it("limits a recipient's page lists per reader, counted once the gate let it read", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.0125" }); // 240 a minute → 3
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const r = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT); // opens its view: the gate now lets it read
    const pages = (secrets: string[]) => {
      session.secrets = secrets;
      return pageListRoute(new Request(`http://localhost/api/share/${share.accessLink}/pages`), { params: Promise.resolve({ token: share.accessLink }) });
    };
    // A browser the gate does not let read: the link's 404, which costs nothing.
    for (let i = 0; i < 4; i++) expect((await pages([])).status).toBe(404);
    // The reader: counted before the document is looked at (an HTML idea has no pages: 404 after counting).
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await pages(r.secrets)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(await db.rateLimit.findUnique({ where: { key: `pages:r:${r.id}` } })).toMatchObject({ count: 4 });
  });

  it("limits code sends per recipient before the address's mails (the recipient's budget answers first)", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.4" }); // 5 sends an hour per recipient → 2; 5 mails an hour per address → 2
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "email", recipientEmail: "invitee@example.com" });
    const r = await createRecipient(share); // its identify mail is not a send
    const backdate = () => db.recipient.update({ where: { id: r.id }, data: { codeSentAt: new Date(Date.now() - 31_000) } });
    for (let i = 0; i < 2; i++) {
      await backdate();
      await expect(sendCodeRoute(r.id, { secrets: r.secrets, client: TEST_CLIENT })).resolves.toEqual({ sent: true });
    }
    await backdate();
    const refused = await sendCodeRoute(r.id, { secrets: r.secrets, client: TEST_CLIENT }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, message: "Too many requests. Please wait a moment and try again." });
    // Too soon (the 30 s gap) is refused before either budget is counted.
    await db.recipient.update({ where: { id: r.id }, data: { codeSentAt: new Date() } });
    const tooSoon = await sendCodeRoute(r.id, { secrets: r.secrets, client: TEST_CLIENT }).catch((e: unknown) => e);
    expect(tooSoon).toMatchObject({ status: 429 });
    expect(await db.rateLimit.findUnique({ where: { key: `code:send:${r.id}` } })).toMatchObject({ count: 3 });
    expect(await db.rateLimit.findUnique({ where: { key: "code:mail:invitee@example.com" } })).toMatchObject({ count: 2 });
    // A verified recipient's verify call guesses nothing and counts nothing.
    await db.recipient.update({ where: { id: r.id }, data: { emailVerifiedAt: new Date(), codeHash: null } });
    await expect(verifyCodeRoute(r.id, "123456", { secrets: r.secrets, client: TEST_CLIENT })).resolves.toMatchObject({ emailVerified: true });
    expect(await db.rateLimit.findUnique({ where: { key: `code:verify:${r.id}` } })).toBeNull();
  });

  it("identify counts per address first, per link once the link is found (a wrong address counts), code mails only when one goes", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.01" }); // per address 30/hour → 1; per link 200/hour → 2; code mails 5/hour → 1
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "email", recipientEmail: "invitee@example.com" });
    const from = (i: number) => ({ ip: `198.51.100.${i}`, userAgent: "jest" });
    // An unknown link: 404, counted per address only.
    await expect(identifyRoute({ accessLink: "B".repeat(43) }, { email: "x@example.com", client: from(1) })).rejects.toMatchObject({ status: 404 });
    await expect(identifyRoute(share, { client: from(1) })).rejects.toMatchObject({ status: 429 });
    // A wrong address is a try on the link.
    await expect(identifyRoute(share, { email: "eve@example.com", client: from(2) })).rejects.toMatchObject({ status: 403 });
    await expect(identifyRoute(share, { client: from(3) })).resolves.toMatchObject({ emailVerified: false });
    await expect(identifyRoute(share, { client: from(4) })).rejects.toMatchObject({ status: 429 });
    expect(await db.recipient.count()).toBe(1);
    expect(await db.rateLimit.findUnique({ where: { key: "code:mail:invitee@example.com" } })).toMatchObject({ count: 1 });
    // Another link to the same address: its own link budget, but the address's one code mail an hour is spent.
    const other = await createShare(owner.id, (await createDraft(owner.id)).id, { shareType: "email", recipientEmail: "invitee@example.com" });
    await expect(identifyRoute(other, { client: from(5) })).rejects.toMatchObject({ status: 429, message: CODE_MAILS_CAPPED });
  });
});
