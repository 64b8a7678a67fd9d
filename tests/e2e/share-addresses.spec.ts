import type { Browser, Page, Route } from "@playwright/test";
import { test, expect, readOutbox, uniqueEmail, waitForMail, firstLink } from "./fixtures";
import type { Share } from "@/client/types";

/**
 * An e-mail link sent to several addresses: the owner types them into 'Recipient Email' (removable chips, each
 * checked by name), every address gets its own invitation, and each reader gets in with the code mailed to them.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const emailField = (page: Page) => page.getByLabel("Recipient Email");
const chips = (page: Page) => page.locator('[data-slot="address-chips"]');

async function newReader(browser: Browser, baseURL: string | undefined, phone = false) {
  const context = await browser.newContext({ baseURL, ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}) });
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
  return { context, page: await context.newPage() };
}

async function codeFor(to: string) {
  await expect.poll(async () => (await readOutbox(to)).filter((m) => /verification code/i.test(m.subject)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = (await readOutbox(to)).filter((m) => /verification code/i.test(m.subject))[0];
  return mail.text.match(/\b(\d{6})\b/)![1];
}

/** From the invitation's link: details (the address typed, nothing pre-filled), the code, the agreement, page one. */
async function readThroughInvitation(page: Page, address: string, name: string, title: string) {
  const link = firstLink((await waitForMail(address)).text);
  await page.goto(link);
  // Sent to several: the reader's address is not pre-filled with someone else's.
  await expect(field(page, "Email")).toHaveValue("");
  await field(page, "Name").fill(name);
  await field(page, "Email").fill(address);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(field(page, "Verification code")).toBeVisible({ timeout: 15_000 });
  await field(page, "Verification code").fill(await codeFor(address));
  await field(page, "Verification code").press("Enter");
  await expect(page).toHaveURL(/\/nda\//, { timeout: 15_000 });
  await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await field(page, "Type your full name to sign").fill(name);
  await page.getByRole("button", { name: "I Agree" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
}

test.describe("an e-mail link sent to several addresses", () => {
  test("the owner types them as chips (a bad one named, one removed by keyboard); each address is invited and opens the link with its own code", async ({
    page,
    browser,
    baseURL,
    createUser,
    loginAs,
  }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await createUser();
    await loginAs(page, owner);
    const title = `Saffron ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/ideas", { data: { title, content: "<p>The secret ingredient is <strong>cardamom</strong>.</p>" } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${id}/publish`)).status()).toBe(200);

    const ada = uniqueEmail(testInfo, "ada");
    const bob = uniqueEmail(testInfo, "bob");
    const carol = uniqueEmail(testInfo, "carol");
    await page.goto(`/share/${id}`);
    await page.getByRole("radio", { name: "Share by Email (Full Access)", exact: true }).click();
    // Commas, spaces and new lines all separate; each address shows as a chip with its own remove button.
    await emailField(page).fill(`${ada}, not-an-address\n${bob} ${carol}`);
    await expect(chips(page).getByRole("listitem")).toHaveCount(4);
    await page.getByRole("button", { name: "Send Email Invitation" }).click();
    await expect(emailField(page)).toHaveAccessibleDescription(/Please enter a valid email address: not-an-address$/);
    // Removed with the keyboard: the chip's button, then the focus is back in the field.
    await page.getByRole("button", { name: "Remove not-an-address" }).focus();
    await page.keyboard.press("Enter");
    await expect(emailField(page)).toBeFocused();
    await page.getByRole("button", { name: `Remove ${carol}` }).click();
    await expect(chips(page).getByRole("listitem")).toHaveCount(2);
    await expect(emailField(page)).toHaveValue(`${ada}, ${bob}`);

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares"),
      page.getByRole("button", { name: "Send Email Invitation" }).click(),
    ]);
    expect(response.status()).toBe(201);
    const share = (await response.json()) as Share;
    expect(share).toMatchObject({ recipientEmail: ada, recipientEmails: [ada, bob] });
    await expect(page.getByText(`An invitation with this link was e-mailed to each of ${ada}, ${bob}.`)).toBeVisible();
    await expect(page.getByRole("list", { name: "Active Share Links" }).getByRole("listitem").first()).toContainText(`Sent to ${ada} and ${bob}`);
    expect(await readOutbox(carol)).toEqual([]);

    // Each in their own browser, Bob on a phone.
    for (const [address, name, phone] of [[ada, "Ada Lovelace", false], [bob, "Bob Builder", true]] as const) {
      const reader = await newReader(browser, baseURL, phone);
      await readThroughInvitation(reader.page, address, name, title);
      await reader.context.close();
    }
  });

  test("the edit dialog adds and removes addresses: the added one is invited, the removed one is refused", async ({ page, browser, baseURL, createUser, loginAs }, testInfo) => {
    test.setTimeout(90_000);
    const owner = await createUser();
    await loginAs(page, owner);
    const title = `Clove ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/ideas", { data: { title, content: "<p>The secret ingredient is <strong>cardamom</strong>.</p>" } });
    const { id } = (await created.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    const ada = uniqueEmail(testInfo, "ada");
    const bob = uniqueEmail(testInfo, "bob");
    const dan = uniqueEmail(testInfo, "dan");
    const res = await page.request.post("/api/shares", { data: { ideaId: id, shareType: "email", recipientEmails: [ada, bob] } });
    expect(res.status()).toBe(201);
    const share = (await res.json()) as Share;

    await page.goto(`/share/${id}`);
    const item = page.getByRole("list", { name: "Active Share Links" }).getByRole("listitem").first();
    await item.getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit link" });
    await dialog.getByRole("button", { name: `Remove ${bob}` }).click();
    await dialog.getByLabel("Recipient Email").fill(`${ada}, ${dan}`);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toContainText(`Sent to ${ada} and ${dan}`);
    await waitForMail(dan);

    // Bob's invitation link no longer admits him.
    const refused = await page.request.post("/api/recipients", { data: { accessToken: share.accessLink, name: "Bob Builder", email: bob } });
    expect(refused.status()).toBe(403);
    const reader = await newReader(browser, baseURL);
    await readThroughInvitation(reader.page, dan, "Dan Reader", title);
    await reader.context.close();
  });

  test("the owner is told which invitations are not sent yet, on the form and after an edit", async ({ page, createUser, loginAs }, testInfo) => {
    const owner = await createUser();
    await loginAs(page, owner);
    const created = await page.request.post("/api/ideas", { data: { title: `Nutmeg ${Date.now().toString(36)}`, content: "<p>Grated.</p>" } });
    const { id } = (await created.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    const ada = uniqueEmail(testInfo, "ada");
    const bob = uniqueEmail(testInfo, "bob");
    const dan = uniqueEmail(testInfo, "dan");
    // The server's answers as when one address's mail failed (the API tests make the mail service fail; the form only
    // sees `invitationsPending`): the real call goes through, its answer names one address as pending.
    const pending = async (route: Route, address: string) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), invitationsPending: [address] } });
    };
    await page.route("**/api/shares", (route) => (route.request().method() === "POST" ? pending(route, bob) : route.fallback()));
    await page.route("**/api/shares/*", (route) => (route.request().method() === "PATCH" ? pending(route, dan) : route.fallback()));
    const toasts = page.locator("[data-sonner-toast]");

    await page.goto(`/share/${id}`);
    await page.getByRole("radio", { name: "Share by Email (Full Access)", exact: true }).click();
    await emailField(page).fill(`${ada}, ${bob}`);
    await page.getByRole("button", { name: "Send Email Invitation" }).click();
    await expect(page.getByText(`An invitation with this link was e-mailed to ${ada}.`)).toBeVisible();
    await expect(page.locator("p", { hasText: `Invitation to ${bob} not sent yet; we will retry` })).toBeVisible();
    await expect(toasts.getByText(`Invitation to ${bob} not sent yet; we will retry`)).toBeVisible();

    const item = page.getByRole("list", { name: "Active Share Links" }).getByRole("listitem").first();
    await item.getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit link" });
    await dialog.getByLabel("Recipient Email").fill(`${ada}, ${bob}, ${dan}`);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts.getByText(`Invitation to ${dan} not sent yet; we will retry`)).toBeVisible();
    await expect(item).toContainText(dan);
  });
});
