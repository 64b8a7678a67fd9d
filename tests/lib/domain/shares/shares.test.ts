import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, RateLimitError } from "@/lib/platform/http/errors";
import { createShareLink, listShares, revokeShare, INVALID_LINK } from "@/lib/domain/shares";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { findLiveShare } from "@/lib/domain/gate/lookup";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { findReadableAsset } from "@/lib/domain/shares/readable-asset";
import { uploadEditorImage } from "@/lib/domain/ideas/images";
import { updateIdea } from "@/lib/domain/ideas";
import { listOutbox } from "@/lib/platform/email/outbox";
import { MESSAGES } from "@/lib/domain/validation/sharing";
import type { CreateShareRequest } from "@/lib/domain/validation/share-link";
import { $ZodError } from "zod/v4/core";
import { setEnv } from "../../../db-utils";
import { PNG, distinctPng, TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createDraft, createPdfDraft, createRecipient, createShare, createUser } from "../../../factories";
import { identifyRoute, lookupRoute } from "../../../recipient-routes";

// Identify's limits are its route's (counted by the route builder on the link it finds): that case calls it.
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

const future = () => new Date(Date.now() + 86_400_000).toISOString();

async function expire(shareId: string) {
  await db.share.update({ where: { id: shareId }, data: { expiresAt: new Date(Date.now() - 1000) } });
}

describe("share tokens", () => {
  it("are 43 URL-safe characters (32 random bytes) and never repeat", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const links = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const share = await createShare(owner.id, idea.id);
      expect(share.accessLink).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(share.accessLink, "base64url")).toHaveLength(32);
      links.add(share.accessLink);
    }
    expect(links.size).toBe(20);
  });

  it("are random: across 64 links every one of the 256 bits varies and about half of all bits are set", async () => {
    setEnv({ RATE_LIMIT_SCALE: "1" }); // 64 shares stay inside the owner's hourly budget
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const tokens: Buffer[] = [];
    for (let i = 0; i < 64; i++) tokens.push(Buffer.from((await createShare(owner.id, idea.id)).accessLink, "base64url"));
    const bit = (t: Buffer, i: number) => (t[i >> 3] >> (7 - (i & 7))) & 1;
    // A counter, a timestamp or a hash of a guessable value leaves some bit positions constant across 64 links;
    // for 256 random bits that happens with probability below 2^-55.
    const constant = Array.from({ length: 256 }, (_, i) => i).filter((i) => tokens.every((t) => bit(t, i) === bit(tokens[0], i)));
    expect(constant).toEqual([]);
    const ones = tokens.reduce((n, t) => n + Array.from({ length: 256 }, (_, i) => bit(t, i)).reduce((a, b) => a + b, 0), 0);
    // 16,384 fair bits: mean 8,192, standard deviation 64; ±800 is more than 12 deviations.
    expect(Math.abs(ones - 8192)).toBeLessThan(800);
  });

  it("answers 404 with one message for unknown, malformed, expired, revoked and used-up tokens", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const expired = await createShare(owner.id, idea.id, { shareType: "time-dependent" });
    await expire(expired.id);
    const revoked = await createShare(owner.id, idea.id);
    await revokeShare(owner.id, revoked.id);
    const oneTime = await createShare(owner.id, idea.id, { shareType: "one-time" });
    const viewer = await agreedRecipient(oneTime);
    await getSharedIdea(oneTime.accessLink, viewer.secrets, TEST_CLIENT);
    const tokens = ["A".repeat(43), "short", "../../etc/passwd", expired.accessLink, revoked.accessLink, oneTime.accessLink];
    for (const token of tokens) {
      await expect(getSharedIdea(token, [], TEST_CLIENT)).rejects.toMatchObject({ status: 404, message: INVALID_LINK });
      await expect(findLiveShare(token)).rejects.toBeInstanceOf(NotFoundError);
      await expect(createRecipient({ accessLink: token })).rejects.toMatchObject({ status: 404, message: INVALID_LINK });
    }
  });
});

describe("owner calls", () => {
  it("creates each type with SPEC §5's null rules and lists them newest first", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const expiresAt = future();
    const one = await createShareLink(owner.id, { ideaId: idea.id, shareType: "one-time", maxViews: 3, expiresAt, recipientEmail: "x@example.com" }, TEST_ORIGIN);
    expect(one).toMatchObject({ shareType: "one-time", maxViews: 3, expiresAt: null, recipientEmail: null, viewCount: 0, revokedAt: null, ideaId: idea.id });
    const timed = await createShareLink(owner.id, { ideaId: String(idea.id), shareType: "time-dependent", maxViews: "2", expiresAt, recipientEmail: "x@example.com" }, TEST_ORIGIN);
    expect(timed).toMatchObject({ shareType: "time-dependent", maxViews: 2, recipientEmail: null });
    expect(timed.expiresAt?.toISOString()).toBe(expiresAt);
    const full = await createShareLink(owner.id, { ideaId: idea.id, shareType: "full-access", maxViews: 9, expiresAt, recipientEmail: "x@example.com" }, TEST_ORIGIN);
    expect(full).toMatchObject({ shareType: "full-access", maxViews: null, expiresAt: null, recipientEmail: null });
    const mail = await createShareLink(owner.id, { ideaId: idea.id, shareType: "email", maxViews: 9, expiresAt, recipientEmail: " Invitee@Example.COM " }, TEST_ORIGIN);
    expect(mail).toMatchObject({ shareType: "email", maxViews: null, expiresAt: null, recipientEmail: "invitee@example.com", recipientEmails: ["invitee@example.com"] });

    const listed = await listShares(owner.id, idea.id);
    expect(listed.map((s) => s.id)).toEqual([mail.id, full.id, timed.id, one.id]);
    expect(Object.keys(listed[0]).sort()).toEqual(
      ["accessLink", "agreement", "agreementId", "allowDownload", "allowedDomains", "allowedEmails", "blockedDomains", "createdAt", "expiresAt", "hasPasscode", "id", "ideaId", "maxViews", "name", "pinnedVersion", "recipientEmail", "recipientEmails", "requireNda", "requireVerifiedEmail", "revokedAt", "roomId", "screenShield", "shareType", "viewCount"].sort(),
    );
  });

  it("e-mails the invitation with the /view link for an e-mail share, the title in its subject, answers to the owner", async () => {
    const owner = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
    const idea = await createDraft(owner.id, { title: "Analytical engine" });
    const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
    const mails = await listOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("invitee@example.com");
    expect(mails[0].text).toContain(`${TEST_ORIGIN}/view/${share.accessLink}`);
    expect(mails[0].text).toContain("Ada Lovelace");
    expect(mails[0].subject).toBe('Ada Lovelace shared "Analytical engine" with you on IdeaVault');
    expect(mails[0].replyTo).toBe("ada@example.com");
    expect(mails[0].text).not.toContain("passcode");
  });

  it("tells the invitee of an e-mail link with a passcode that one will be asked, never what it is", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(owner.id, { title: "Analytical engine" });
    await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "guarded@example.com", passcode: "kettle-42" });
    const mail = (await listOutbox()).find((m) => m.to === "guarded@example.com")!;
    expect(mail.text).toContain("The link asks for a passcode. Ada Lovelace gives it to you separately; it is not in this e-mail.");
    expect(mail.text + mail.html).not.toContain("kettle-42");
  });

  it.each([
    ["time-dependent without expiresAt", { shareType: "time-dependent", expiresAt: null }, MESSAGES.expiresAt],
    ["time-dependent in the past", { shareType: "time-dependent", expiresAt: new Date(Date.now() - 60_000).toISOString() }, MESSAGES.expiresAt],
    ["time-dependent unparseable", { shareType: "time-dependent", expiresAt: "tomorrow-ish" }, MESSAGES.expiresAt],
    ["maxViews 0", { shareType: "one-time", maxViews: 0 }, MESSAGES.maxViews],
    ["maxViews fractional", { shareType: "time-dependent", maxViews: 1.5, expiresAt: future() }, MESSAGES.maxViews],
    ["maxViews negative string", { shareType: "one-time", maxViews: "-2" }, MESSAGES.maxViews],
    ["email without address", { shareType: "email", recipientEmail: null }, MESSAGES.recipientEmail],
    ["email with a bad address", { shareType: "email", recipientEmail: "not-an-address" }, MESSAGES.recipientEmail],
  ] as const)("refuses %s on that field, by path (400)", async (_label, fields, message) => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const input = { ideaId: idea.id, expiresAt: null, maxViews: null, recipientEmail: null, ...fields } as CreateShareRequest;
    const err = await createShareLink(owner.id, input, TEST_ORIGIN).catch((e: unknown) => e);
    expect(err).toBeInstanceOf($ZodError);
    const field = message === MESSAGES.expiresAt ? "expiresAt" : message === MESSAGES.maxViews ? "maxViews" : "recipientEmail";
    expect((err as $ZodError).issues).toEqual([expect.objectContaining({ path: [field], message })]);
    expect(await db.share.count()).toBe(0);
  });

  it("another creator's idea, share or list is a 404", async () => {
    const owner = await createUser();
    const other = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id);
    await expect(createShareLink(other.id, { ideaId: idea.id, shareType: "full-access" }, TEST_ORIGIN)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listShares(other.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeShare(other.id, share.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).revokedAt).toBeNull();
    await expect(createShareLink(owner.id, { ideaId: 999999, shareType: "full-access" }, TEST_ORIGIN)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("revokes at once: an agreed recipient with an open view loses the content on its next call", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id);
    const r = await agreedRecipient(share);
    expect((await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).idea.content).toBe("<p>Secret plan</p>");
    const revoked = await revokeShare(owner.id, share.id);
    expect(revoked).toMatchObject({ success: true, id: share.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    await expect(getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    // Revoking again keeps the first time.
    expect((await revokeShare(owner.id, share.id)).revokedAt).toEqual(revoked.revokedAt);
  });
});

describe("the content gate", () => {
  it("shows title and owner to anyone with the link, content only after the agreement", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(owner.id, { title: "Engine", content: "<p>Gears</p>" });
    const share = await createShare(owner.id, idea.id);
    const anonymous = await getSharedIdea(share.accessLink, [], TEST_CLIENT);
    expect(anonymous).toEqual({ idea: { id: idea.id, title: "Engine", user: { name: "Ada Lovelace" }, version: { number: null, of: null, publishedAt: null } }, shareType: "full-access", allowDownload: false, screenShield: false, requireNda: true, invitedEmail: null, recipient: null });

    const r = await createRecipient(share);
    const identified = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(identified.idea).not.toHaveProperty("content");
    expect(identified).not.toHaveProperty("accessedAt");
    expect(identified.recipient).toMatchObject({ id: r.id, agreedToNda: false, emailVerified: true });
    // Someone else's cookie for another share does not count.
    const otherShare = await createShare(owner.id, idea.id);
    const stranger = await agreedRecipient(otherShare);
    expect((await getSharedIdea(share.accessLink, stranger.secrets, TEST_CLIENT)).idea).not.toHaveProperty("content");
    expect(await db.share.findUniqueOrThrow({ where: { id: share.id } })).toMatchObject({ viewCount: 0 });

    await acceptNda(r.id, r.secrets, TEST_CLIENT);
    const agreed = await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(agreed.idea.content).toBe("<p>Gears</p>");
    expect(agreed.accessedAt).toBeInstanceOf(Date);
  });

  it("gives an e-mail share's content only after the code was confirmed and the agreement accepted", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "email" });
    const r = await createRecipient(share);
    expect(r.emailVerified).toBe(false);
    await expect(acceptNda(r.id, r.secrets, TEST_CLIENT)).rejects.toBeInstanceOf(ForbiddenError);
    // Even a recipient row marked agreed (without verification) gets no content.
    await db.recipient.update({ where: { id: r.id }, data: { agreedToNda: true } });
    expect((await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).idea).not.toHaveProperty("content");
    await db.recipient.update({ where: { id: r.id }, data: { emailVerifiedAt: new Date() } });
    expect((await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).idea.content).toBe("<p>Secret plan</p>");
  });

  it("denies everything after expiry, inside an open view window too", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "time-dependent" });
    const r = await agreedRecipient(share);
    expect((await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).idea.content).toBeDefined();
    await expire(share.id);
    await expect(getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(createRecipient(share)).rejects.toMatchObject({ status: 404 });
  });

  it("delivers the three content forms", async () => {
    const owner = await createUser();
    const pdf = await createPdfDraft(owner.id);
    const canvas = await createDraft(owner.id);
    const elements = [{ type: "rect" as const, x: 1, y: 2, width: 3, height: 4, fill: "#ff0000", fontSize: 16, fontFamily: "Arial" }];
    await updateIdea(owner.id, canvas.id, { title: "Canvas", content: { elements } });
    const pdfShare = await createShare(owner.id, pdf.id, { allowDownload: true });
    const pagesOnlyShare = await createShare(owner.id, pdf.id);
    const canvasShare = await createShare(owner.id, canvas.id);
    const a = await agreedRecipient(pdfShare);
    const pagesOnly = await agreedRecipient(pagesOnlyShare);
    const b = await agreedRecipient(canvasShare);
    expect((await getSharedIdea(pdfShare.accessLink, a.secrets, TEST_CLIENT)).idea.content).toEqual({
      type: "pdf",
      fileName: "Whitepaper.pdf",
      pdfPath: expect.stringMatching(/^\/api\/files\/[a-z0-9]+$/),
    });
    // Download off (the default): the recipient is never told where the PDF is; it reads /api/share/{token}/pages.
    const pagesOnlyView = await getSharedIdea(pagesOnlyShare.accessLink, pagesOnly.secrets, TEST_CLIENT);
    expect(pagesOnlyView).toMatchObject({ allowDownload: false, idea: { content: { type: "pdf", fileName: "Whitepaper.pdf", pdfPath: null } } });
    expect((await getSharedIdea(canvasShare.accessLink, b.secrets, TEST_CLIENT)).idea.content).toEqual({ elements: [expect.objectContaining({ type: "rect", x: 1 })] });
  });
});

describe("the file gate", () => {
  it("serves an idea's PDF only to an agreed recipient of a live share with an open view window", async () => {
    const owner = await createUser();
    const pdf = await createPdfDraft(owner.id);
    const assetId = (await db.idea.findUniqueOrThrow({ where: { id: pdf.id } })).pdfAssetId!;
    const share = await createShare(owner.id, pdf.id, { allowDownload: true });
    const r = await createRecipient(share);
    expect(await findReadableAsset(null, assetId, r.secrets)).toBeNull();
    await acceptNda(r.id, r.secrets, TEST_CLIENT);
    // Agreed but nothing delivered yet: no window.
    expect(await findReadableAsset(null, assetId, r.secrets)).toBeNull();
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(await findReadableAsset(null, assetId, r.secrets)).toMatchObject({ id: assetId, contentType: "application/pdf" });
    expect(await findReadableAsset(null, assetId, [])).toBeNull();
    expect(await findReadableAsset(owner.id, assetId)).toMatchObject({ id: assetId });
    // Another recipient's idea: nothing.
    const otherIdea = await createPdfDraft(owner.id, "Other");
    const otherAsset = (await db.idea.findUniqueOrThrow({ where: { id: otherIdea.id } })).pdfAssetId!;
    expect(await findReadableAsset(null, otherAsset, r.secrets)).toBeNull();
    // Window closed, then revoked: nothing.
    await db.recipient.update({ where: { id: r.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
    expect(await findReadableAsset(null, assetId, r.secrets)).toBeNull();
    await db.recipient.update({ where: { id: r.id }, data: { viewWindowEndsAt: new Date(Date.now() + 60_000) } });
    expect(await findReadableAsset(null, assetId, r.secrets)).not.toBeNull();
    await revokeShare(owner.id, share.id);
    expect(await findReadableAsset(null, assetId, r.secrets)).toBeNull();
  });

  it("serves the images the shared HTML shows, not the owner's other images", async () => {
    const owner = await createUser();
    const shown = await uploadEditorImage(owner.id, { field: "image", fileName: "a.png", declaredType: "image/png", data: PNG }, null);
    const hidden = await uploadEditorImage(owner.id, { field: "image", fileName: "b.png", declaredType: "image/png", data: distinctPng("hidden") }, null);
    const idea = await createDraft(owner.id, { content: `<p>Look</p><img src="${shown.url}">` });
    const share = await createShare(owner.id, idea.id);
    const r = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    expect(await findReadableAsset(null, shown.id, r.secrets)).toMatchObject({ id: shown.id });
    expect(await findReadableAsset(null, hidden.id, r.secrets)).toBeNull();
  });
});

describe("rate limits", () => {
  it("limits failed token lookups per address (guessing), not the lookups of a live link (GET /api/share/{token} counts them)", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.01" }); // 300/min → 3
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    for (let i = 0; i < 10; i++) await lookupRoute(share.accessLink, { secrets: [], client: TEST_CLIENT });
    const guess = () => lookupRoute("A".repeat(43), { secrets: [], client: TEST_CLIENT });
    for (let i = 0; i < 3; i++) await expect(guess()).rejects.toMatchObject({ status: 404 });
    await expect(guess()).rejects.toBeInstanceOf(RateLimitError);
    // Once guessing has used the budget up, this address is refused for every link until the window ends.
    await expect(lookupRoute(share.accessLink, { secrets: [], client: TEST_CLIENT })).rejects.toBeInstanceOf(RateLimitError);
    // Another address still gets through.
    await expect(lookupRoute(share.accessLink, { secrets: [], client: { ...TEST_CLIENT, ip: "198.51.100.1" } })).resolves.toMatchObject({ shareType: "full-access" });
  });

  // Share creation per owner and recipient creation per address are the routes' limits: tests/app/api/route-limits.test.ts.

  it("limits recipient creation per share, whatever the address (POST /api/recipients counts it once the link is found)", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id);
    const sibling = await createShare(owner.id, idea.id);
    setEnv({ RATE_LIMIT_SCALE: "0.01" }); // 200/hour per share → 2, whatever the address
    const from = (i: number) => ({ client: { ip: `198.51.100.${i}`, userAgent: "jest" } });
    await identifyRoute(share, from(1));
    await identifyRoute(share, from(2));
    await expect(identifyRoute(share, from(3))).rejects.toBeInstanceOf(RateLimitError);
    expect(await db.recipient.count()).toBe(2);
    // Another link of the same idea is not affected.
    await expect(identifyRoute(sibling, from(4))).resolves.toMatchObject({ agreedToNda: false });
  });
});
