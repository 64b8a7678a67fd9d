import type { APIRequestContext } from "@playwright/test";
import { test, expect, expectJson, createIdea } from "./api-helpers";
import { readOutbox, waitForMail, uniqueEmail } from "./fixtures";
import { INVALID_LINK, createShare, expectPrivate, identify, newVisitor } from "./sharing-helpers";

const contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.dispose();
});

function codeOf(text: string) {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in:\n${text}`);
  return code;
}

test.describe("API: recipients", () => {
  test("POST /api/recipients validates with SPEC §5's messages, takes ?accessToken=, and 404s on bad links", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Form", content: "<p>x</p>" });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const visitor = await newVisitor(playwright, baseURL, contexts);

    const short = await identify(visitor, share.accessLink, { name: "Al" });
    expectPrivate(short);
    expect(await expectJson(short, 400)).toMatchObject({ success: false, error: "Name must be at least 3 characters" });
    expect(await expectJson(await identify(visitor, share.accessLink, { email: "not-an-email" }), 400)).toMatchObject({ error: "Please enter a valid email address" });
    expect(await expectJson(await identify(visitor, "A".repeat(43)), 404)).toEqual({ success: false, error: INVALID_LINK });

    const viaQuery = await visitor.post(`/api/recipients?accessToken=${share.accessLink}`, { data: { name: "Query Quinn", email: "quinn@example.com", phone: null } });
    const recipient = await expectJson(viaQuery, 201);
    expect(recipient).toEqual({ id: expect.any(String), name: "Query Quinn", email: "quinn@example.com", phone: null, agreedToNda: false, emailVerified: true });
    expect((await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).recipient).toMatchObject({ id: recipient.id });

    // Identifying again replaces this browser's recipient for the link.
    const again = await expectJson(await identify(visitor, share.accessLink, { name: "Second Sam" }), 201);
    expect((await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).recipient).toMatchObject({ id: again.id, name: "Second Sam" });
    await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 404);
  });

  test("an e-mail share: invitation, address binding, the code from the outbox, then the agreement and the content", async ({ newCreator, playwright, baseURL }, testInfo) => {
    const owner = await newCreator();
    const invitee = uniqueEmail(testInfo, "invitee");
    const idea = await createIdea(owner.api, { title: "Mail me", content: "<p>By e-mail only</p>" });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "email", recipientEmail: invitee.toUpperCase() });
    expect(share).toMatchObject({ shareType: "email", recipientEmail: invitee, maxViews: null, expiresAt: null });
    const invitation = await waitForMail(invitee);
    expect(invitation.text).toContain(`${baseURL}/view/${share.accessLink}`);

    const visitor = await newVisitor(playwright, baseURL, contexts);
    const stranger = await newVisitor(playwright, baseURL, contexts);
    expect(await expectJson(await identify(visitor, share.accessLink, { email: "someone.else@example.com" }), 403)).toEqual({
      success: false,
      error: "This link was sent to a different e-mail address. Please use the address the invitation was sent to.",
    });
    const recipient = await expectJson(await identify(visitor, share.accessLink, { email: invitee.toUpperCase() }), 201);
    expect(recipient).toMatchObject({ email: invitee, agreedToNda: false, emailVerified: false });

    let codeMail = await waitForMail(invitee);
    await expect.poll(async () => (codeMail = (await readOutbox(invitee))[0]).subject).toBe("Your IdeaVault verification code");
    const code = codeOf(codeMail.text);

    expect(await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 403)).toMatchObject({
      error: "Please verify your e-mail address first.",
    });
    expect(await expectJson(await visitor.post(`/api/recipients/${recipient.id}/code`), 429)).toMatchObject({ success: false });
    await expectJson(await stranger.post(`/api/recipients/${recipient.id}/verify`, { data: { code } }), 404);
    expect(await expectJson(await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code: "12" } }), 400)).toMatchObject({
      error: "Enter the 6-digit code from the e-mail",
    });
    const wrong = code === "000000" ? "000001" : "000000";
    expect(await expectJson(await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code: wrong } }), 400)).toMatchObject({
      error: "That code is not correct. Please check the e-mail and try again.",
    });
    const verify = await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code } });
    expectPrivate(verify);
    expect(await expectJson(verify, 200)).toEqual({ ...recipient, emailVerified: true });
    expect((await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).idea).not.toHaveProperty("content");
    expect(await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 200)).toMatchObject({
      agreedToNda: true,
      emailVerified: true,
    });
    expect((await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200)).idea.content).toBe("<p>By e-mail only</p>");
    // The address is proven by the code: the certificate is mailed to it.
    await expect
      .poll(async () => (await readOutbox(invitee)).some((m) => /NDA certificate/.test(m.subject)), { timeout: 20_000 })
      .toBe(true);
  });

  test("a new code on request: refused within the resend interval, then sent (the old code dies); only e-mail shares, only this browser", async ({ newCreator, playwright, baseURL }, testInfo) => {
    test.setTimeout(90_000); // RECIPIENT_CODE_RESEND_S is 10 s on the e2e server (30 s by default)
    const owner = await newCreator();
    const invitee = uniqueEmail(testInfo, "resend");
    const idea = await createIdea(owner.api, { title: "Resend", content: "<p>Again</p>" });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "email", recipientEmail: invitee });
    const visitor = await newVisitor(playwright, baseURL, contexts);
    const stranger = await newVisitor(playwright, baseURL, contexts);
    const recipient = await expectJson(await identify(visitor, share.accessLink, { email: invitee }), 201);
    const codes = async () => (await readOutbox(invitee)).filter((m) => m.subject === "Your IdeaVault verification code").map((m) => codeOf(m.text));
    await expect.poll(async () => (await codes()).length).toBe(1);
    const [first] = await codes();

    await expectJson(await stranger.post(`/api/recipients/${recipient.id}/code`), 404);
    const tooSoon = await visitor.post(`/api/recipients/${recipient.id}/code`);
    expectPrivate(tooSoon);
    await expectJson(tooSoon, 429);
    expect(Number(tooSoon.headers()["retry-after"])).toBeGreaterThan(0);

    // The pause is measured by the server: ask again until it answers.
    let sent: Record<string, unknown> | undefined;
    await expect
      .poll(
        async () => {
          const res = await visitor.post(`/api/recipients/${recipient.id}/code`);
          if (res.status() === 200) sent = await res.json();
          return res.status();
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(200);
    expect(sent).toEqual({ sent: true });
    await expect.poll(async () => (await codes()).length).toBe(2);
    const [second] = await codes(); // newest first
    if (second !== first) {
      expect(await expectJson(await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code: first } }), 400)).toMatchObject({
        error: "That code is not correct. Please check the e-mail and try again.",
      });
    }
    expect(await expectJson(await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code: second } }), 200)).toMatchObject({ emailVerified: true });
    // Verified: no more codes.
    await expectJson(await visitor.post(`/api/recipients/${recipient.id}/code`), 409);

    // A link that is not an e-mail share needs no code.
    const open = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const plain = await expectJson(await identify(visitor, open.accessLink), 201);
    await expectJson(await visitor.post(`/api/recipients/${plain.id}/code`), 409);
  });

  test("five wrong codes kill the code: the right one then answers 429", async ({ newCreator, playwright, baseURL }, testInfo) => {
    const owner = await newCreator();
    const invitee = uniqueEmail(testInfo, "guess");
    const idea = await createIdea(owner.api, { title: "Guess", content: "<p>x</p>" });
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "email", recipientEmail: invitee });
    const visitor = await newVisitor(playwright, baseURL, contexts);
    const recipient = await expectJson(await identify(visitor, share.accessLink, { email: invitee }), 201);
    let code = "";
    await expect.poll(async () => {
      const mail = (await readOutbox(invitee)).find((m) => m.subject === "Your IdeaVault verification code");
      code = mail ? codeOf(mail.text) : "";
      return code;
    }).toMatch(/^\d{6}$/);
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++) await expectJson(await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code: wrong } }), 400);
    expect(await expectJson(await visitor.post(`/api/recipients/${recipient.id}/verify`, { data: { code } }), 429)).toMatchObject({
      error: "Too many attempts. Request a new code.",
    });
  });
});
