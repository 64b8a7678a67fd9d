import fs from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { test, expect, makePdf, uploadPdf, type Creator } from "./api-helpers";
import { readOutbox, seenToasts, uniqueEmail, waitForMail, firstLink, type OutboxMail } from "./fixtures";
import { createShare } from "./sharing-helpers";

/**
 * The recipient's way through a share link (SPEC §2 Recipient information, Agreement, Document viewer; §4; §5; §8;
 * §9): /view → identify → agreement → document → comment → close, the ways it is refused, and a phone.
 */

/** The details screen's calm note: who gets the details and what for. */
const note = (sender: string) => `Tell ${sender} who is reading. Your details go only to ${sender}, to record who opened the link; no marketing e-mail.`;
const DENIED_TEXT = "The link you're trying to access is invalid or has expired.";
const READ_FIRST = "Please read the full agreement";
const DECLINE_QUESTION = "Are you sure you want to decline? You will not be able to view the document.";
const MISMATCH = "This link was sent to a different e-mail address. Please use the address the invitation was sent to.";
const WRONG_CODE = "That code is not correct. Please check the e-mail and try again.";
const TOO_SOON = "Too many requests. Please wait a moment and try again.";
const SECRET_HTML = "<h2>Launch plan</h2><p>The secret ingredient is <strong>cardamom</strong>.</p>";

type ShareType = "one-time" | "time-dependent" | "full-access" | "email";
type Shared = { ideaId: number; title: string; token: string; shareId: string };

async function expectStatus(res: { status(): number; text(): Promise<string>; url(): string }, status: number) {
  expect(res.status(), `${res.url()} → ${(await res.text()).slice(0, 300)}`).toBe(status);
}

/** A published idea of `owner` (HTML unless a PDF is given) and a share link of the given type, through the API. */
async function shareIdea(
  owner: Creator,
  options: { shareType?: ShareType; pdf?: boolean; content?: unknown; recipientEmail?: string; title?: string; allowDownload?: boolean; passcode?: string } = {},
): Promise<Shared> {
  const { api } = owner;
  const title = options.title ?? `Idea ${Date.now().toString(36)}`;
  let ideaId: number;
  if (options.pdf) {
    const res = await uploadPdf(api, { name: `${title}.pdf`, buffer: makePdf(title) }, title);
    await expectStatus(res, 201);
    ideaId = ((await res.json()) as { id: number }).id;
  } else {
    const res = await api.post("/api/ideas", { data: { title, content: options.content ?? SECRET_HTML } });
    await expectStatus(res, 201);
    ideaId = ((await res.json()) as { id: number }).id;
  }
  await expectStatus(await api.put(`/api/ideas/${ideaId}/publish`), 200);
  const share = await createShare(api, {
    ideaId,
    shareType: options.shareType ?? "full-access",
    recipientEmail: options.recipientEmail ?? null,
    allowDownload: options.allowDownload ?? false,
    ...(options.passcode ? { passcode: options.passcode } : {}),
  });
  return { ideaId, title, token: share.accessLink, shareId: share.id };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const agreeButton = (page: Page) => page.getByRole("button", { name: /^(I Agree|Please read the full agreement)$/ });
const agreementBox = (page: Page) => page.getByRole("region", { name: "Agreement text" });

async function identify(page: Page, person: { name: string; email: string; phone?: string }) {
  await field(page, "Name").fill(person.name);
  await field(page, "Email").fill(person.email);
  if (person.phone !== undefined) await field(page, "Phone (optional)").fill(person.phone);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

async function scrollAgreementToEnd(page: Page) {
  await agreementBox(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

/** The signature: the full name typed under the agreement, which 'I Agree' waits for. */
const signatureField = (page: Page) => page.getByLabel("Type your full name to sign", { exact: true });
async function sign(page: Page, name: string) {
  await signatureField(page).fill(name);
}

/** From /nda: read to the end, sign with `name`, agree, and land on the document. */
async function agree(page: Page, token: string, name: string) {
  await scrollAgreementToEnd(page);
  await expect(agreeButton(page)).toHaveText("I Agree");
  await sign(page, name);
  await agreeButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });
}

/** /view/{token} → details → agreement → document, in one go. */
async function reachDocument(page: Page, shared: Shared, person = { name: "Rita Reader", email: "rita@example.com" }) {
  await page.goto(`/view/${shared.token}`);
  await identify(page, person);
  await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });
  await agree(page, shared.token, person.name);
  await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
}

/** Close and Decline end on a screen naming the idea and its sender, not on the marketing page. */
async function expectEndScreen(page: Page, heading: "Document closed" | "Agreement declined", line: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText(line, { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/$/);
}

const closedLine = (shared: Shared, owner: Creator) => `You closed '${shared.title}' shared by ${owner.user.name}.`;

async function expectAccessDenied(page: Page) {
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText(DENIED_TEXT)).toBeVisible();
  await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
  return { context, page: await context.newPage() };
}

async function toastTexts(page: Page) {
  return (await seenToasts(page)).join("\n");
}

async function codeMails(to: string): Promise<OutboxMail[]> {
  return (await readOutbox(to)).filter((m) => /verification code/i.test(m.subject));
}

function codeIn(mail: OutboxMail): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`No 6-digit code in:\n${mail.text}`);
  return match[1];
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function expectTouchTarget(locator: Locator) {
  // 44 CSS px, give or take the sub-pixel rounding of a layout box. Polled: right after a viewport change the
  // buttons' height is still animating (transition-all) from their desktop size.
  await expect
    .poll(async () => (await locator.boundingBox())?.height ?? 0, { message: "touch target height" })
    .toBeGreaterThanOrEqual(43.5);
}

test.describe("recipient flow", () => {
  test("HTML idea: details with the spec's messages, the agreement read to the end, the document, a comment, close", async ({
    page,
    newCreator,
  }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner, { title: "Cardamom Cola", allowDownload: true });

    const first = await page.goto(`/view/${shared.token}`);
    // Tokens in URLs must not leak, content must not be cached or indexed.
    const headers = first!.headers();
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["cache-control"]).toContain("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    // The screen names the idea and its sender, in a calm voice.
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
    await expect(page.getByText(`Shared with you by ${owner.user.name}`)).toBeVisible();
    await expect(page.getByText(note(owner.user.name))).toBeVisible();
    await expect(page.getByText("Blockchain timestamp")).toBeVisible();
    // No passcode on this link: the screen does not ask for one.
    await expect(field(page, "Passcode")).toHaveCount(0);

    // SPEC §5 messages next to the fields; nothing is sent.
    let posted = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/recipients") posted++;
    });
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("Name must be at least 3 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await field(page, "Name").fill("Al");
    await field(page, "Email").fill("not-an-address");
    await expect(page.getByText("Name must be at least 3 characters")).toBeVisible();
    await field(page, "Name").fill("Alice Wonder");
    await expect(page.getByText("Name must be at least 3 characters")).toBeHidden();
    expect(posted).toBe(0);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/recipients"),
      identify(page, { name: "Alice Wonder", email: "Alice@Example.com", phone: "+44 20 7946 0958" }),
    ]);
    expect(request.postDataJSON()).toEqual({
      name: "Alice Wonder",
      email: "alice@example.com",
      phone: "+44 20 7946 0958",
      accessToken: shared.token,
    });
    await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });

    // The agreement: idea title, id, sharer, recipient; 9 terms on screen.
    await expect(page.getByRole("heading", { name: "Confidentiality Agreement" })).toBeVisible();
    await expect(page.getByText(`${owner.user.name} asks you to accept it before you open ${shared.title}.`)).toBeVisible();
    const details = page.locator("dl");
    await expect(details).toContainText(shared.title);
    await expect(details).toContainText(String(shared.ideaId));
    await expect(details).toContainText(owner.user.name);
    await expect(details).toContainText("Alice Wonder (alice@example.com)");
    await expect(agreementBox(page).locator("ol > li")).toHaveCount(9);

    // 'Download Agreement': a text file named after the idea id, with 8 numbered terms.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Agreement" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`NDA-Idea-${shared.ideaId}.txt`);
    const text = await fs.readFile((await download.path())!, "utf8");
    expect(text).toContain("Non-Disclosure Agreement");
    expect(text).toContain("8. Return and deletion");
    expect(text).not.toMatch(/^9\. /m);

    // 'I Agree' unlocks only within 5 px of the end; the screen says so and shows how far the reader got.
    const progress = page.getByRole("progressbar", { name: "Agreement read" });
    await expect(agreeButton(page)).toBeDisabled();
    await expect(agreeButton(page)).toHaveText(READ_FIRST);
    await expect(page.getByText("Scroll to the end of the agreement to agree", { exact: true })).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", "0");
    await agreementBox(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight - el.clientHeight - 40 }));
    await agreementBox(page).dispatchEvent("scroll");
    await expect(agreeButton(page)).toBeDisabled();
    await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(50);
    await expect(progress).not.toHaveAttribute("aria-valuenow", "100");
    // Read to the end, 'I Agree' still waits for the signature: the full name as shown above, any case or spacing.
    await scrollAgreementToEnd(page);
    await expect(agreeButton(page)).toHaveText("I Agree");
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText("You have reached the end of the agreement.", { exact: true })).toBeVisible();
    await expect(agreeButton(page)).toBeDisabled();
    await expect(page.getByText("As shown above: Alice Wonder", { exact: true })).toBeVisible();
    await signatureField(page).fill("Alice Wonderland");
    await signatureField(page).press("Tab");
    await expect(page.getByText("Type your full name as shown above to sign", { exact: true })).toBeVisible();
    await expect(signatureField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(agreeButton(page)).toBeDisabled();
    await signatureField(page).fill("  alice   WONDER ");
    await expect(page.getByText("Type your full name as shown above to sign", { exact: true })).toBeHidden();
    await expect(agreeButton(page)).toBeEnabled();
    // Keyboard only: Enter in the field signs; the server gets the signature as typed.
    const [accepted] = await Promise.all([
      page.waitForRequest((r) => r.method() === "PUT" && /\/api\/recipients\/[^/]+\/nda$/.test(new URL(r.url()).pathname)),
      signatureField(page).press("Enter"),
    ]);
    expect(accepted.postDataJSON()).toMatchObject({ agreed: true, signature: "  alice   WONDER " });
    await expect(page).toHaveURL(new RegExp(`/document/${shared.token}$`), { timeout: 15_000 });

    // The document: title, sanitized HTML, the sharer box with the access time.
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Launch plan" })).toBeVisible();
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
    await expect(page.getByText(`Document shared by ${owner.user.name}`)).toBeVisible();
    await expect(page.getByText(/^Accessed /)).toBeVisible();
    const documentHeaders = (await page.request.get(`/document/${shared.token}`)).headers();
    expect(documentHeaders["cache-control"]).toContain("no-store");

    // Comments (desktop): live count, Send disabled for blank text, initials avatar, relative time.
    const comments = page.getByRole("complementary", { name: "Comments" });
    await expect(comments.getByText("No comments yet. Be the first to comment.")).toBeVisible();
    const input = comments.getByRole("textbox", { name: "Add a comment" });
    const send = comments.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await input.fill("   ");
    await expect(comments.getByText("3/2000")).toBeVisible();
    await expect(send).toBeDisabled();
    await input.fill("Love the cardamom angle.");
    await expect(comments.getByText("24/2000")).toBeVisible();
    const [commentRequest] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/comments"),
      send.click(),
    ]);
    expect(commentRequest.postDataJSON()).toMatchObject({ author: "Alice Wonder", content: "Love the cardamom angle." });
    expect(typeof commentRequest.postDataJSON().recipientId).toBe("string");
    const comment = comments.getByTestId("comment");
    await expect(comment).toHaveCount(1);
    await expect(comment).toContainText("AW");
    await expect(comment).toContainText("Alice Wonder");
    await expect(comment).toContainText("just now");
    await expect(comment).toContainText("Love the cardamom angle.");
    await expect(input).toHaveValue("");
    await expect(comments.getByText("0/2000")).toBeVisible();
    // The owner sees it too.
    const ownerView = await owner.api.get(`/api/comments?ideaId=${shared.ideaId}`);
    await expectStatus(ownerView, 200);
    expect(((await ownerView.json()) as { content: string }[]).map((c) => c.content)).toEqual(["Love the cardamom angle."]);

    // Download: the toast and an .html file.
    const [html] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download", exact: true }).click()]);
    expect(html.suggestedFilename()).toMatch(/\.html$/);
    expect(await fs.readFile((await html.path())!, "utf8")).toContain("cardamom");
    await expect.poll(() => toastTexts(page)).toContain("Download Started");
    expect(await toastTexts(page)).toContain("Your document is being prepared for download.");

    // Close → 'Close Document' (no one-time warning here) → the end screen naming the idea and its sender.
    await page.getByRole("button", { name: "Close", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Close Document" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("cannot be viewed again")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expectEndScreen(page, "Document closed", closedLine(shared, owner));
    await expect(page.getByText("To read it again, open the link you were sent.")).toBeVisible();

    // The same browser coming back skips ahead to the document.
    await page.goto(`/collect/${shared.token}`);
    await expect(page).toHaveURL(new RegExp(`/document/${shared.token}$`));
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
  });

  test("PDF idea: page images in the reader (no embedded file); the marked PDF downloads when the link allows it", async ({ page, newCreator }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner, { pdf: true, title: "Blueprint PDF", allowDownload: true });
    await reachDocument(page, shared);

    // A fresh server's first PDF loads pdf.js and parses the file: ~10 s on a loaded 2-core machine (measured).
    await expect(page.getByTestId("reader-progress")).toHaveText("Page 1 of 1", { timeout: 30_000 });
    const img = page.getByRole("img", { name: "Page 1 of 1", exact: true });
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute("src", `/api/share/${shared.token}/pages/1?width=800`);
    await expect(page.locator("iframe, embed, object")).toHaveCount(0);
    // The agreed recipient may read the page images; a stranger may not.
    const served = await page.request.get(`/api/share/${shared.token}/pages/1?width=800`);
    await expectStatus(served, 200);
    expect(served.headers()["content-type"]).toContain("image/webp");
    const stranger = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
    await expectStatus(await stranger.request.get(`/api/share/${shared.token}/pages/1?width=800`), 404);
    await stranger.close();

    const [download] = await Promise.all([
      page.waitForEvent("download", (d) => d.url().includes("download=1")),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await fs.readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect.poll(() => toastTexts(page)).toContain("Download Started");

    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("dialog", { name: "Close Document" }).getByRole("button", { name: "Close", exact: true }).click();
    await expectEndScreen(page, "Document closed", closedLine(shared, owner));
  });

  test("canvas idea: positioned text, rectangle and circle with their fonts, fills, strokes and rotation", async ({ page, newCreator }) => {
    const owner = await newCreator();
    const elements = [
      { type: "text", x: 20, y: 30, text: "Hello\nworld", fontSize: 28, fontFamily: "Georgia", fill: "#2e3a59", fontStyle: "bold italic", rotation: 5 },
      { type: "text", x: 20, y: 120, text: "Defaults" },
      { type: "rect", x: 40, y: 160, width: 200, height: 80, fill: "#fde68a", stroke: "#92400e", strokeWidth: 3, rotation: 10 },
      { type: "circle", x: 400, y: 200, radius: 50, fill: "#bfdbfe", stroke: "#1e3a8a", strokeWidth: 2 },
    ];
    const shared = await shareIdea(owner, { content: { elements }, allowDownload: true });
    await reachDocument(page, shared);

    const drawing = page.getByRole("img", { name: "Idea layout" });
    await expect(drawing).toBeVisible();
    // The shapes themselves (the recipient's watermark marks are text too, grouped apart: watermarks.spec.ts).
    const texts = drawing.locator(":scope > text");
    await expect(texts).toHaveCount(2);
    await expect(texts.nth(0)).toHaveAttribute("font-size", "28");
    await expect(texts.nth(0)).toHaveAttribute("font-family", "Georgia");
    await expect(texts.nth(0)).toHaveAttribute("font-weight", "bold");
    await expect(texts.nth(0)).toHaveAttribute("font-style", "italic");
    await expect(texts.nth(0)).toHaveAttribute("fill", "#2e3a59");
    await expect(texts.nth(0)).toHaveAttribute("transform", "rotate(5 20 30)");
    await expect(texts.nth(0).locator("tspan")).toHaveText(["Hello", "world"]);
    // SPEC §3 defaults: fontSize 16, fontFamily Arial.
    await expect(texts.nth(1)).toHaveAttribute("font-size", "16");
    await expect(texts.nth(1)).toHaveAttribute("font-family", "Arial");
    const rect = drawing.locator("rect");
    await expect(rect).toHaveAttribute("width", "200");
    await expect(rect).toHaveAttribute("fill", "#fde68a");
    await expect(rect).toHaveAttribute("stroke", "#92400e");
    await expect(rect).toHaveAttribute("stroke-width", "3");
    await expect(rect).toHaveAttribute("transform", "rotate(10 40 160)");
    const circle = drawing.locator("circle");
    await expect(circle).toHaveAttribute("cx", "400");
    await expect(circle).toHaveAttribute("r", "50");

    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download", exact: true }).click()]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const saved = JSON.parse(await fs.readFile((await json.path())!, "utf8")) as { elements: unknown[] };
    expect(saved.elements).toHaveLength(4);
  });

  test("decline: the confirmation, 'Agreement Declined', an end screen naming the sender (token given as ?accessToken=)", async ({ page, newCreator }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner);
    await page.goto(`/collect?accessToken=${shared.token}`);
    await identify(page, { name: "Dan Decliner", email: "dan@example.com" });
    await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });

    // Cancelling keeps the agreement on screen.
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog.getByText(DECLINE_QUESTION)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`));

    await page.getByRole("button", { name: "Decline", exact: true }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await expectEndScreen(page, "Agreement declined", `You declined to view '${shared.title}' shared by ${owner.user.name}. Nothing was shared with you.`);
    await expect.poll(() => toastTexts(page)).toContain("Agreement Declined");

    // Nothing was accepted and the recipient is gone: the document's address starts again at identity.
    await page.goto(`/document/${shared.token}`);
    await expect(page).toHaveURL(new RegExp(`/collect/${shared.token}$`));
    await expect(field(page, "Name")).toHaveValue("");
  });

  test("an invalid link, a missing token and a link with extra segments", async ({ page }) => {
    await page.goto("/collect/this-token-does-not-exist-anywhere-0123456");
    await expectAccessDenied(page);
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/view");
    await expectAccessDenied(page);
    await page.goto("/nda/nope");
    await expectAccessDenied(page);
    await page.goto("/document/nope");
    await expectAccessDenied(page);

    const res = await page.goto("/collect/one/two");
    expect(res!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });

  test("a visit to the agreement or the document without identifying goes to /collect", async ({ page, newCreator }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner);
    await page.goto(`/document/${shared.token}`);
    await expect(page).toHaveURL(new RegExp(`/collect/${shared.token}$`));
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
    await page.goto(`/nda/${shared.token}`);
    await expect(page).toHaveURL(new RegExp(`/collect/${shared.token}$`));
  });

  test("e-mail share: the invitation, the invited address locked (another refused by the server), a wrong code, a resent code, then the document", async ({
    page,
    newCreator,
  }, testInfo) => {
    test.setTimeout(90_000); // a second code may be sent only RECIPIENT_CODE_RESEND_S (10 s here, 30 s by default) after the first
    const owner = await newCreator();
    const invitee = uniqueEmail(testInfo, "invitee");
    const shared = await shareIdea(owner, { shareType: "email", recipientEmail: invitee });

    const invitation = await waitForMail(invitee);
    const link = firstLink(invitation.text);
    expect(new URL(link).pathname).toBe(`/view/${shared.token}`);
    await page.goto(link);

    // The invited address is pre-filled and locked; the server still refuses any other one.
    await expect(field(page, "Email")).toHaveValue(invitee);
    await expect(field(page, "Email")).not.toBeEditable();
    await expect(page.getByText("This invitation was sent to this address.")).toBeVisible();
    const refused = await page.request.post("/api/recipients", { data: { accessToken: shared.token, name: "Eve Intruder", email: "eve@example.com" } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(MISMATCH);

    // The invited address → the code step.
    await field(page, "Name").fill("Ivy Invitee");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText(`We sent a 6-digit code to`)).toBeVisible();
    await expect.poll(async () => (await codeMails(invitee)).length).toBe(1);
    const firstCode = codeIn((await codeMails(invitee))[0]);
    // A new code is refused within the resend interval of the last one, with the server's words.
    const resend = page.getByRole("button", { name: "Resend code" });
    await resend.click();
    await expect(page.getByText(TOO_SOON)).toBeVisible();

    const wrong = firstCode === "000000" ? "111111" : "000000";
    await field(page, "Verification code").fill(wrong);
    await page.getByRole("button", { name: "Confirm code" }).click();
    await expect(page.getByText(WRONG_CODE)).toBeVisible();
    await field(page, "Verification code").fill("12");
    await page.getByRole("button", { name: "Confirm code" }).click();
    await expect(page.getByText("Enter the 6-digit code from the e-mail")).toBeVisible();

    // Once the interval has passed, a resent code replaces the first one.
    await expect(async () => {
      await resend.click();
      await expect(page.getByText(`A new code is on its way to ${invitee}.`)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000] });
    await expect.poll(async () => (await codeMails(invitee)).length).toBe(2);
    const secondCode = codeIn((await codeMails(invitee))[0]);
    if (secondCode !== firstCode) {
      await field(page, "Verification code").fill(firstCode);
      await page.getByRole("button", { name: "Confirm code" }).click();
      await expect(page.getByText(WRONG_CODE)).toBeVisible();
    }

    // The agreement is still closed before the code: a direct visit comes back here.
    await page.goto(`/nda/${shared.token}`);
    await expect(page).toHaveURL(new RegExp(`/collect/${shared.token}$`));
    await field(page, "Verification code").fill(secondCode);
    await page.getByRole("button", { name: "Confirm code" }).click();
    await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });
    await expect(page.locator("dl")).toContainText(invitee);
    await agree(page, shared.token, "Ivy Invitee");
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
  });

  test("a passcode and an invitation on one screen: passcode, details and the code in place, the title only after the passcode, page one in three screens", async ({
    page,
    newCreator,
  }, testInfo) => {
    const owner = await newCreator();
    const invitee = uniqueEmail(testInfo, "onescreen");
    const shared = await shareIdea(owner, { shareType: "email", recipientEmail: invitee, passcode: "kettle-2026", title: `Saffron plan ${Date.now().toString(36)}` });
    const screens: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      const screen = new URL(frame.url()).pathname.split("/")[1];
      if (screens.at(-1) !== screen) screens.push(screen);
    });

    const openedAt = Date.now();
    await page.goto(`/view/${shared.token}`);
    // Before the passcode: the sender, never the idea's title.
    await expect(page.getByText(`Shared with you by ${owner.user.name}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "This link is protected" })).toBeVisible();
    await expect(page.getByText(shared.title)).toHaveCount(0);
    const usableAt = Date.now();
    for (const label of ["Passcode", "Name", "Email", "Phone (optional)"]) await expect(field(page, label)).toBeVisible();

    // Everything missing is said at once, nothing is sent.
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("Enter the passcode", { exact: true })).toBeVisible();
    await expect(page.getByText("Name must be at least 3 characters")).toBeVisible();

    // A wrong passcode: the server's words on the field, the details kept.
    await field(page, "Passcode").fill("not the passcode");
    await field(page, "Name").fill("Olive Onescreen");
    await field(page, "Email").fill(invitee);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("Incorrect passcode", { exact: true })).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("Olive Onescreen");
    await expect(page.getByText(shared.title)).toHaveCount(0);

    // The right one: the code field appears in place, the title with it; no navigation.
    await field(page, "Passcode").fill("kettle-2026");
    const submittedAt = Date.now();
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(field(page, "Verification code")).toBeVisible({ timeout: 15_000 });
    const codeShownAt = Date.now();
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
    await expect(page.getByText(`Shared with you by ${owner.user.name}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/view/${shared.token}$`));
    await expect.poll(async () => (await codeMails(invitee)).length).toBe(1);
    await field(page, "Verification code").fill(codeIn((await codeMails(invitee))[0]));
    const confirmedAt = Date.now();
    await field(page, "Verification code").press("Enter");

    // The agreement, named and ready: its text is there when the screen is.
    await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });
    await expect(agreementBox(page)).toBeVisible();
    const agreementAt = Date.now();
    await expect(page.locator("dl")).toContainText(shared.title);
    await expect(page.locator("dl")).toContainText(owner.user.name);
    await scrollAgreementToEnd(page);
    await sign(page, "Olive Onescreen");
    const agreedAt = Date.now();
    await agreeButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
    const pageOneAt = Date.now();

    expect(screens).toEqual(["view", "nda", "document"]);
    const timing = {
      linkToPageOneMs: pageOneAt - openedAt,
      firstScreenUsableMs: usableAt - openedAt,
      detailsToCodeMs: codeShownAt - submittedAt,
      codeToAgreementMs: agreementAt - confirmedAt,
      agreementToPageOneMs: pageOneAt - agreedAt,
    };
    testInfo.annotations.push({ type: "timing", description: JSON.stringify(timing) });
    console.log(`recipient timing ${JSON.stringify(timing)}`);
  });

  test("a one-time link opens once: a second browser is refused, and the close dialog warns", async ({ page, browser, newCreator }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner, { shareType: "one-time" });
    await reachDocument(page, shared);
    await expect(page.getByText("One-time view")).toBeVisible();
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();

    const other = await newPage(browser, test.info().project.use.baseURL);
    await other.page.goto(`/view/${shared.token}`);
    await expectAccessDenied(other.page);
    await other.context.close();

    await page.getByRole("button", { name: "Close", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Close Document" });
    await expect(dialog.getByText("This is a one-time link: once you close the document, it cannot be viewed again.")).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expectEndScreen(page, "Document closed", closedLine(shared, owner));
    await expect(page.getByText("This was a one-time link: it cannot be opened again.")).toBeVisible();
  });

  test("refused calls keep the visitor on the screen with the spec's messages", async ({ page, newCreator }) => {
    const owner = await newCreator();

    // Details: the link dies while the form is open → the error toast, the spinner stops, the form is back.
    const first = await shareIdea(owner);
    await page.goto(`/view/${first.token}`);
    await expect(field(page, "Name")).toBeVisible();
    await expectStatus(await owner.api.delete(`/api/shares/${first.shareId}`), 200);
    await identify(page, { name: "Late Larry", email: "larry@example.com" });
    await expect.poll(() => toastTexts(page)).toContain("Failed to submit your information. Please try again.");
    expect(await toastTexts(page)).toContain("Error");
    await expect(page.getByText("Verifying your information...")).toBeHidden();
    await expect(field(page, "Name")).toHaveValue("Late Larry");
    await expect(page).toHaveURL(new RegExp(`/view/${first.token}$`));

    // Agreement: the link dies while reading → 'Failed to record your agreement. Please try again.', still on /nda.
    const second = await shareIdea(owner);
    await page.goto(`/view/${second.token}`);
    await identify(page, { name: "Late Larry", email: "larry@example.com" });
    await expect(page).toHaveURL(new RegExp(`/nda/${second.token}$`), { timeout: 15_000 });
    // While reading: the agreement (fetched for this recipient) is on the screen before the link dies.
    await expect(agreementBox(page)).toBeVisible();
    await expectStatus(await owner.api.delete(`/api/shares/${second.shareId}`), 200);
    await scrollAgreementToEnd(page);
    await sign(page, "Late Larry");
    await agreeButton(page).click();
    await expect.poll(() => toastTexts(page)).toContain("Failed to record your agreement. Please try again.");
    await expect(agreeButton(page)).toHaveText("I Agree");
    await expect(page).toHaveURL(new RegExp(`/nda/${second.token}$`));
  });

  test("a revoked link dies at once, for the open session and for newcomers", async ({ page, browser, newCreator }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner);
    await reachDocument(page, shared);
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();

    await expectStatus(await owner.api.delete(`/api/shares/${shared.shareId}`), 200);
    // The open page learns it on its next call: a comment is refused with the spec's message.
    const comments = page.getByRole("complementary", { name: "Comments" });
    await comments.getByRole("textbox", { name: "Add a comment" }).fill("Too late?");
    await comments.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => toastTexts(page)).toContain("Failed to add comment. Please try again.");
    await expect(comments.getByTestId("comment")).toHaveCount(0);
    await expect(comments.getByRole("textbox", { name: "Add a comment" })).toHaveValue("Too late?");
    await page.reload();
    await expectAccessDenied(page);
    await expect(page.getByText("cardamom", { exact: true })).toHaveCount(0);

    const other = await newPage(browser, test.info().project.use.baseURL);
    await other.page.goto(`/view/${shared.token}`);
    await expectAccessDenied(other.page);
    await other.context.close();
  });
});

test.describe("cookie banner on the recipient screens", () => {
  test.use({ presetCookieConsent: false, viewport: { width: 390, height: 844 } });

  test("recipient screens set strictly necessary cookies only and show no banner; other pages still ask", async ({ page }) => {
    for (const screen of ["collect", "view", "nda", "document"]) {
      await page.goto(`/${screen}/some-token-that-is-not-valid-at-all-000000`);
      await expectAccessDenied(page);
      await expect(page.locator("[data-slot=cookie-banner]")).toHaveCount(0);
    }
    expect(await page.evaluate(() => window.localStorage.getItem("cookieConsent"))).toBeNull();
    await page.goto("/privacy-policy");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  });
});

test.describe("recipient flow on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("no horizontal scroll, 44 px touch targets, comments behind a button", async ({ page, newCreator }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner, { title: "A rather long idea title that has to wrap on a small phone screen" });

    await page.goto(`/view/${shared.token}`);
    await expect(page.getByText(note(owner.user.name))).toBeVisible();
    await noHorizontalScroll(page);
    for (const label of ["Name", "Email", "Phone (optional)"]) await expectTouchTarget(field(page, label));
    await expectTouchTarget(page.getByRole("link", { name: "IdeaVault" }));
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const name of ["About", "Contact", "Privacy"]) await expectTouchTarget(footer.getByRole("link", { name }));
    await expectTouchTarget(page.getByRole("button", { name: "Verify", exact: true }));
    await identify(page, { name: "Pat Phone", email: "pat@example.com" });
    await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });

    await expect(agreeButton(page)).toHaveText(READ_FIRST);
    await noHorizontalScroll(page);
    for (const name of ["Download Agreement", "Decline", READ_FIRST]) await expectTouchTarget(page.getByRole("button", { name, exact: true }));
    await expectTouchTarget(signatureField(page));
    await agree(page, shared.token, "Pat Phone");

    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
    await noHorizontalScroll(page);
    // No Download unless the link allows it; comments open as a bottom sheet (reader.spec.ts).
    await expect(page.getByRole("button", { name: "Download", exact: true })).toHaveCount(0);
    await expectTouchTarget(page.getByRole("button", { name: "Comments", exact: true }));
    await expectTouchTarget(page.getByRole("button", { name: "Close", exact: true }));
    await expect(page.getByRole("complementary", { name: "Comments" })).toHaveCount(0);

    await page.getByRole("button", { name: "Close", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Close Document" });
    await expect(dialog).toBeVisible();
    await noHorizontalScroll(page);
    await expectTouchTarget(dialog.getByRole("button", { name: "Close", exact: true }));
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expectEndScreen(page, "Document closed", closedLine(shared, owner));
    await noHorizontalScroll(page);
  });
});
