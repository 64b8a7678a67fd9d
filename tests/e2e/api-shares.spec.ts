import type { APIRequestContext } from "@playwright/test";
import { test, expect, expectJson, createIdea, makePdf, uploadImage, uploadPdf, PNG_1X1, PNG_1X1_OTHER } from "./api-helpers";
import { INVALID_LINK, agree, createShare, expectPrivate, identify, newVisitor } from "./sharing-helpers";

const contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.dispose();
});

const SHARE_FIELDS = ["accessLink", "agreement", "agreementId", "allowDownload", "allowedDomains", "allowedEmails", "blockedDomains", "createdAt", "expiresAt", "hasPasscode", "id", "ideaId", "maxViews", "name", "pinnedVersion", "recipientEmail", "recipientEmails", "requireNda", "requireVerifiedEmail", "revokedAt", "roomId", "screenShield", "shareType", "viewCount"].sort();

test.describe("API: owner share calls", () => {
  test("signed out: 401 on every owner call", async ({ request }) => {
    for (const res of [
      await request.post("/api/shares", { data: { ideaId: 1, shareType: "full-access" } }),
      await request.get("/api/ideas/1/shares"),
      await request.delete("/api/shares/abc"),
    ]) {
      expect((await expectJson(res, 401)).success).toBe(false);
    }
  });

  test("creates every type with SPEC §5's null rules, lists them newest first, validates and hides other creators' ideas", async ({ newCreator }) => {
    const owner = await newCreator();
    const other = await newCreator();
    const idea = await createIdea(owner.api, { title: "Shared kettle", content: "<p>Top secret</p>" });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();

    const res = await owner.api.post("/api/shares", { data: { ideaId: idea.id, shareType: "one-time", maxViews: 2, expiresAt, recipientEmail: "x@example.com" } });
    expectPrivate(res);
    const one = await expectJson(res, 201);
    expect(one).toMatchObject({ ideaId: idea.id, shareType: "one-time", maxViews: 2, expiresAt: null, recipientEmail: null, viewCount: 0, revokedAt: null });
    expect(one.accessLink).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const timed = await createShare(owner.api, { ideaId: idea.id, shareType: "time-dependent", expiresAt, maxViews: 5 });
    expect(timed).toMatchObject({ shareType: "time-dependent", expiresAt, maxViews: 5 });
    const full = await createShare(owner.api, { ideaId: String(idea.id), shareType: "full-access", maxViews: 3 });
    expect(full).toMatchObject({ shareType: "full-access", maxViews: null, expiresAt: null });

    const listRes = await owner.api.get(`/api/ideas/${idea.id}/shares`);
    expectPrivate(listRes);
    const list = await expectJson(listRes, 200);
    expect(list.map((s: { id: string }) => s.id)).toEqual([full.id, timed.id, one.id]);
    expect(Object.keys(list[0]).sort()).toEqual(SHARE_FIELDS);

    const bad: [Record<string, unknown>, string][] = [
      [{ shareType: "time-dependent" }, "Please choose an expiration date in the future"],
      [{ shareType: "time-dependent", expiresAt: "2001-01-01T00:00:00Z" }, "Please choose an expiration date in the future"],
      [{ shareType: "one-time", maxViews: 0 }, "Maximum views must be a positive whole number"],
      [{ shareType: "time-dependent", expiresAt, maxViews: -1 }, "Maximum views must be a positive whole number"],
      [{ shareType: "email" }, "Please enter a valid email address"],
      [{ shareType: "forever" }, "Please choose a share type"],
    ];
    for (const [data, error] of bad) {
      const body = await expectJson(await owner.api.post("/api/shares", { data: { ideaId: idea.id, ...data } }), 400);
      expect(body, JSON.stringify(data)).toMatchObject({ success: false, error });
    }

    await expectJson(await other.api.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access" } }), 404);
    await expectJson(await other.api.get(`/api/ideas/${idea.id}/shares`), 404);
    await expectJson(await other.api.delete(`/api/shares/${full.id}`), 404);
    await expectJson(await owner.api.post("/api/shares", { data: { ideaId: 99999999, shareType: "full-access" } }), 404);
    expect((await expectJson(await owner.api.get(`/api/ideas/${idea.id}/shares`), 200)).every((s: { revokedAt: null }) => s.revokedAt === null)).toBe(true);
  });
});

test.describe("API: the recipient gate", () => {
  test("an HTML idea: title for anyone with the link, content only after identifying and agreeing; comments", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Shared kettle", content: "<p>Top secret</p>" });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const visitor = await newVisitor(playwright, baseURL, contexts);
    const stranger = await newVisitor(playwright, baseURL, contexts);

    const lookup = await visitor.get(`/api/share/${share.accessLink}`);
    expectPrivate(lookup);
    expect(await expectJson(lookup, 200)).toEqual({ idea: { id: idea.id, title: "Shared kettle", user: { name: owner.user.name }, version: { number: null, of: null, publishedAt: null } }, shareType: "full-access", allowDownload: false, screenShield: false, requireNda: true, invitedEmail: null, recipient: null });

    // Comments need a recipient session.
    expect(await expectJson(await visitor.get(`/api/comments?ideaId=${idea.id}`), 401)).toMatchObject({ error: "Please identify yourself first." });

    const created = await identify(visitor, share.accessLink, { email: "Grace@Example.com" });
    expectPrivate(created);
    const recipient = await expectJson(created, 201);
    expect(recipient).toEqual({ id: expect.any(String), name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100", agreedToNda: false, emailVerified: true });
    const cookie = created.headersArray().find((h) => h.name.toLowerCase() === "set-cookie")?.value ?? "";
    expect(cookie).toMatch(new RegExp(`^iv_r_${share.id}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/i);

    const before = await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200);
    expect(before.idea).not.toHaveProperty("content");
    expect(before.recipient).toMatchObject({ id: recipient.id, agreedToNda: false });
    expect(await expectJson(await visitor.get(`/api/comments?ideaId=${idea.id}`), 403)).toMatchObject({ error: "Please accept the agreement first." });

    // Another browser cannot accept for this recipient.
    await expectJson(await stranger.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 404);
    expect(await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: false } }), 400)).toMatchObject({
      error: "You must accept the agreement to continue",
    });
    const ndaRes = await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } });
    expectPrivate(ndaRes);
    expect(await expectJson(ndaRes, 200)).toEqual({ ...recipient, agreedToNda: true });
    // Accepting again answers the same recipient.
    expect(await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 200)).toEqual({ ...recipient, agreedToNda: true });

    const after = await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200);
    expect(after.idea.content).toBe("<p>Top secret</p>");
    expect(after.recipient).toMatchObject({ id: recipient.id, agreedToNda: true });
    expect(Date.parse(after.accessedAt)).toBeGreaterThan(Date.now() - 120_000);
    expect((await expectJson(await stranger.get(`/api/share/${share.accessLink}`), 200)).idea).not.toHaveProperty("content");

    const commentRes = await visitor.post("/api/comments", { data: { recipientId: recipient.id, author: "Somebody Else", content: "  Love it  " } });
    expectPrivate(commentRes);
    const comment = await expectJson(commentRes, 201);
    expect(comment).toEqual({ id: expect.any(String), recipientId: recipient.id, author: "Grace Hopper", content: "Love it", createdAt: expect.any(String), authorRole: "recipient", parentId: null, room: null, anchor: null });
    expect(await expectJson(await visitor.post("/api/comments", { data: { recipientId: recipient.id, author: "x", content: "   " } }), 400)).toMatchObject({
      error: "Comment cannot be empty",
    });
    expect(await expectJson(await visitor.post("/api/comments", { data: { recipientId: recipient.id, author: "x", content: "x".repeat(2001) } }), 400)).toMatchObject({
      error: "Comments must be at most 2,000 characters",
    });
    expect(await expectJson(await visitor.get(`/api/comments?ideaId=${idea.id}`), 200)).toEqual([comment]);
    expect(await expectJson(await visitor.get("/api/comments"), 200)).toEqual([comment]);
    expect(await expectJson(await owner.api.get(`/api/comments?ideaId=${idea.id}`), 200)).toEqual([comment]);
    await expectJson(await stranger.post("/api/comments", { data: { recipientId: recipient.id, author: "x", content: "hijack" } }), 401);

    const shares = await expectJson(await owner.api.get(`/api/ideas/${idea.id}/shares`), 200);
    expect(shares[0]).toMatchObject({ id: share.id, viewCount: 1 });
  });

  test("a PDF idea: its file only for the agreed recipient of a live share, 404 for everyone else", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const pdf = makePdf("Shared PDF");
    const created = await expectJson(await uploadPdf(owner.api, { name: "plan.pdf", buffer: pdf }, "PDF plan"), 201);
    const pdfPath = (await expectJson(await owner.api.get(`/api/ideas/${created.id}`), 200)).content.pdfPath as string;
    const share = await createShare(owner.api, { ideaId: created.id, shareType: "full-access", allowDownload: true });
    const visitor = await newVisitor(playwright, baseURL, contexts);
    const stranger = await newVisitor(playwright, baseURL, contexts);

    await expectJson(await visitor.get(pdfPath), 404);
    const recipient = await expectJson(await identify(visitor, share.accessLink), 201);
    await expectJson(await visitor.get(pdfPath), 404);
    await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 200);
    const content = (await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).idea.content;
    expect(content).toEqual({ type: "pdf", fileName: "plan.pdf", pdfPath });

    const file = await visitor.get(pdfPath);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["cache-control"]).toContain("no-store");
    // The recipient's copy carries their identity (watermarks.spec.ts reads it); the owner's is the stored file.
    const served = await file.body();
    expect(served.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Buffer.compare(served, pdf)).not.toBe(0);
    await expectJson(await stranger.get(pdfPath), 404);
    const own = await owner.api.get(pdfPath);
    expect(own.status()).toBe(200);
    expect(Buffer.compare(await own.body(), pdf)).toBe(0);

    // Revoking kills the open session on its next call, the file included.
    const revoke = await owner.api.delete(`/api/shares/${share.id}`);
    expectPrivate(revoke);
    const revoked = await expectJson(revoke, 200);
    expect(revoked).toMatchObject({ success: true, id: share.id });
    expect(Date.parse(revoked.revokedAt)).toBeGreaterThan(0);
    await expectJson(await visitor.get(pdfPath), 404);
    expect(await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 404)).toEqual({ success: false, error: INVALID_LINK });
    expect(await expectJson(await visitor.get(`/api/comments?ideaId=${created.id}`), 404)).toMatchObject({ error: INVALID_LINK });
    await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 404);
    expect((await expectJson(await owner.api.get(`/api/ideas/${created.id}/shares`), 200))[0].revokedAt).toBe(revoked.revokedAt);
  });

  test("an HTML idea's images: served to the agreed recipient once its view is open, never the owner's other images", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const shown = await expectJson(await uploadImage(owner.api, { name: "shown.png", buffer: PNG_1X1 }), 201);
    const hidden = await expectJson(await uploadImage(owner.api, { name: "hidden.png", buffer: PNG_1X1_OTHER }), 201);
    const idea = await createIdea(owner.api, { title: "Pictured", content: `<p>Look</p><img src="${shown.url}" alt="plan">` });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const visitor = await newVisitor(playwright, baseURL, contexts);
    const stranger = await newVisitor(playwright, baseURL, contexts);

    await expectJson(await visitor.get(shown.url), 404);
    await agree(visitor, share.accessLink);
    // Agreed, but no content delivered yet: no open view, no file.
    await expectJson(await visitor.get(shown.url), 404);
    const content = (await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).idea.content as string;
    expect(content).toContain(shown.url);

    const image = await visitor.get(shown.url);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(Buffer.compare(await image.body(), PNG_1X1)).toBe(0);
    await expectJson(await visitor.get(hidden.url), 404);
    await expectJson(await stranger.get(shown.url), 404);

    await expectJson(await owner.api.delete(`/api/shares/${share.id}`), 200);
    await expectJson(await visitor.get(shown.url), 404);
    expect((await owner.api.get(shown.url)).status()).toBe(200);
  });

  test("an expired link denies every call, the open view included", async ({ newCreator, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Soon gone", content: "<p>Brief</p>" });
    // The server's own clock ends the link; the test waits for that, it never sleeps a fixed time.
    const expiresAt = new Date(Date.now() + 20_000).toISOString();
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "time-dependent", expiresAt });
    expect(share.expiresAt).toBe(expiresAt);
    const visitor = await newVisitor(playwright, baseURL, contexts);
    const recipient = await agree(visitor, share.accessLink);
    expect((await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).idea.content).toBe("<p>Brief</p>");
    await expectJson(await visitor.post("/api/comments", { data: { recipientId: recipient.id, content: "before the end" } }), 201);

    await expect
      .poll(async () => (await visitor.get(`/api/share/${share.accessLink}`)).status(), { timeout: 60_000, intervals: [1_000] })
      .toBe(404);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    expect(await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 404)).toEqual({ success: false, error: INVALID_LINK });
    await expectJson(await visitor.get(`/api/comments?ideaId=${idea.id}`), 404);
    await expectJson(await visitor.post("/api/comments", { data: { recipientId: recipient.id, content: "after the end" } }), 404);
    await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 404);
    const newcomer = await newVisitor(playwright, baseURL, contexts);
    await expectJson(await identify(newcomer, share.accessLink), 404);
    // The owner still sees it (with its views) and every comment.
    expect((await expectJson(await owner.api.get(`/api/ideas/${idea.id}/shares`), 200))[0]).toMatchObject({ id: share.id, viewCount: 1 });
    expect(await expectJson(await owner.api.get(`/api/comments?ideaId=${idea.id}`), 200)).toHaveLength(1);
  });

  test("comments: only as yourself (403), each link sees its own, the owner sees all", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Talk", content: "<p>Discuss</p>" });
    const shareA = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const shareB = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const [a, a2, b] = await Promise.all([0, 1, 2].map(() => newVisitor(playwright, baseURL, contexts)));
    const ra = await agree(a, shareA.accessLink, { name: "Alice Able", email: "alice@example.com" });
    const ra2 = await agree(a2, shareA.accessLink, { name: "Arthur Able", email: "arthur@example.com" });
    const rb = await agree(b, shareB.accessLink, { name: "Bob Baker", email: "bob@example.com" });

    expect(await expectJson(await a.post("/api/comments", { data: { recipientId: ra2.id, author: "Arthur Able", content: "impersonated" } }), 403)).toMatchObject({
      success: false,
    });
    const c1 = await expectJson(await a.post("/api/comments", { data: { recipientId: ra.id, author: "Alice Able", content: "one" } }), 201);
    const c2 = await expectJson(await b.post("/api/comments", { data: { recipientId: rb.id, author: "Bob Baker", content: "two" } }), 201);
    const c3 = await expectJson(await a2.post("/api/comments", { data: { recipientId: ra2.id, author: "Arthur Able", content: "three" } }), 201);

    expect((await expectJson(await a.get(`/api/comments?ideaId=${idea.id}`), 200)).map((c: { id: string }) => c.id)).toEqual([c1.id, c3.id]);
    expect((await expectJson(await b.get(`/api/comments?ideaId=${idea.id}`), 200)).map((c: { id: string }) => c.id)).toEqual([c2.id]);
    expect((await expectJson(await owner.api.get(`/api/comments?ideaId=${idea.id}`), 200)).map((c: { id: string }) => c.id)).toEqual([c1.id, c2.id, c3.id]);
    const other = await newCreator();
    await expectJson(await other.api.get(`/api/comments?ideaId=${idea.id}`), 401);
  });

  test("a one-time link opens once: the viewer's reload and a second recipient are refused", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Once", content: "<p>Only once</p>" });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "one-time" });
    const first = await newVisitor(playwright, baseURL, contexts);
    const second = await newVisitor(playwright, baseURL, contexts);
    // Both identify and agree before anyone reads.
    await agree(first, share.accessLink);
    const late = await agree(second, share.accessLink, { name: "Late Larry", email: "larry@example.com" });

    expect((await expectJson(await first.get(`/api/share/${share.accessLink}`), 200)).idea.content).toBe("<p>Only once</p>");
    // One view per recipient: no reload window on a one-time link. The browser that had it is told so (the same 404).
    expect(await expectJson(await first.get(`/api/share/${share.accessLink}`), 404)).toEqual({
      success: false,
      error: expect.stringMatching(/^You have already opened this one-time link; ask .+ for a new one$/),
      oneTimeUsed: true,
    });
    expect(await expectJson(await second.get(`/api/share/${share.accessLink}`), 404)).toEqual({ success: false, error: INVALID_LINK });
    await expectJson(await second.post("/api/comments", { data: { recipientId: late.id, author: "x", content: "hello" } }), 404);
    const third = await newVisitor(playwright, baseURL, contexts);
    await expectJson(await identify(third, share.accessLink), 404);
    await expectJson(await third.get(`/api/share/${share.accessLink}`), 404);
    expect((await expectJson(await owner.api.get(`/api/ideas/${idea.id}/shares`), 200))[0]).toMatchObject({ viewCount: 1 });
  });

  test("maxViews holds when recipients race for the last views", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Race", content: "<p>Race</p>" });
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "time-dependent", expiresAt, maxViews: 2 });
    const visitors = await Promise.all(Array.from({ length: 12 }, () => newVisitor(playwright, baseURL, contexts)));
    for (const [i, v] of visitors.entries()) await agree(v, share.accessLink, { email: `racer${i}@example.com` });
    const statuses = await Promise.all(visitors.map(async (v) => (await v.get(`/api/share/${share.accessLink}`)).status()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect((await expectJson(await owner.api.get(`/api/ideas/${idea.id}/shares`), 200))[0]).toMatchObject({ viewCount: 2 });
  });

  test("unknown and malformed tokens answer 404 with the contract's message", async ({ request }) => {
    for (const token of ["A".repeat(43), "nope", "a%20b", "x".repeat(200)]) {
      const res = await request.get(`/api/share/${token}`);
      expectPrivate(res);
      expect(await expectJson(res, 404)).toEqual({ success: false, error: INVALID_LINK });
    }
  });
});
