import type { Locator, Page, Request } from "@playwright/test";
import { test, expect, seenToasts, uniqueEmail, waitForMail } from "./fixtures";

/** The owner's share screen /share/{id} (SPEC §2 Share screen, §5 share form, §8 texts, and Revoke). */

const CREATED = "Share link created successfully!";
const READY = "Share Link Ready";
const READY_TEXT = "Share this link with recipients to give them access to your idea.";
const COPIED = "Share link copied to clipboard!";
const FAILED = "Failed to create share link. Please try again.";
const EXPIRES_MESSAGE = "Please choose an expiration date in the future";
const MAX_VIEWS_MESSAGE = "Maximum views must be a positive whole number";
const EMAIL_MESSAGE = "Please enter a valid email address";
const LINK = /\/view\/[A-Za-z0-9_-]{43}$/;

type Share = {
  id: string;
  shareType: string;
  accessLink: string;
  viewCount: number;
  maxViews: number | null;
  expiresAt: string | null;
  recipientEmail: string | null;
  revokedAt: string | null;
};

const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });
const activeList = (page: Page) => page.getByRole("list", { name: "Active Share Links" });
/** Expired, used-up and revoked links sit in the collapsed 'Inactive links' section: opened first. */
async function revokedList(page: Page) {
  const details = page.locator("details", { hasText: /Inactive links \(\d+\)/ });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return page.getByRole("list", { name: /^Inactive links/ });
}
const linkField = (page: Page) => page.getByRole("textbox", { name: "Share link" });
const expiresField = (page: Page) => page.getByLabel("Expiration Date");
const maxViewsField = (page: Page) => page.getByLabel("Maximum Views");
const emailField = (page: Page) => page.getByLabel("Recipient Email");
const noteField = (page: Page) => page.getByLabel("Personal note (optional)");

async function createIdea(page: Page, title: string, publish = false): Promise<number> {
  const res = await page.request.post("/api/ideas", { data: { title, content: "<p>Secret body</p>" } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  if (publish) expect((await page.request.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
  return id;
}

async function listShares(page: Page, ideaId: number): Promise<Share[]> {
  const res = await page.request.get(`/api/ideas/${ideaId}/shares`);
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A datetime-local value `hours` from now, in the browser's local time. */
function localDateTime(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Submits the form, waits for the answer (201), and returns the JSON body of the POST /api/shares it sent. */
async function submitShare(page: Page, button: string): Promise<Record<string, unknown>> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares"),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
  expect(response.status(), await response.text()).toBe(201);
  const request: Request = response.request();
  expect(request.headers()["content-type"]).toContain("application/json");
  return request.postDataJSON() as Record<string, unknown>;
}

async function expectCreated(page: Page, origin: string) {
  await expect(linkField(page)).toHaveValue(new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${LINK.source}`));
  await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain(CREATED);
  await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain(READY);
  await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain(READY_TEXT);
  await expect(linkField(page)).toHaveAttribute("readonly", "");
}

function item(page: Page, share: Pick<Share, "id">): Locator {
  return page.locator(`li[data-share-id="${share.id}"]`);
}

test.describe("share screen", () => {
  test("the owner creates each share type with its fields, labels, buttons, toasts and list entry", async ({
    page,
    createUser,
    loginAs,
    baseURL,
  }, testInfo) => {
    test.slow(); // a whole journey: four share types, each created, listed and checked, then a reload
    const user = await createUser();
    await loginAs(page, user);
    const id = await createIdea(page, "Shareable plan", true);

    // The dashboard's share icon leads here (it used to be a 404).
    await page.goto("/dashboard");
    await page.locator(`a[href="/share/${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/share/${id}$`));

    await expect(page.getByRole("heading", { name: "Share your idea", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shareable plan" })).toBeVisible();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Active Share Links" })).toBeVisible();
    await expect(page.getByText("No active share links yet. Create one below.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create New Share Link" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Blockchain timestamp");
    await expect(page.locator("footer time")).toBeVisible();

    // The four choices; a new link starts time-limited, its expiry prefilled 30 days ahead ('Sharing defaults').
    for (const label of ["One-time view", "Time-dependent (expires after a period)", "Full access (unlimited views)", "Share by Email (Full Access)"]) {
      await expect(radio(page, label)).toBeVisible();
    }
    await expect(radio(page, "Time-dependent (expires after a period)")).toBeChecked();
    const inThirtyDays = new RegExp(`^${localDateTime(30 * 24).slice(0, 10)}T`);
    await expect(expiresField(page)).toHaveValue(inThirtyDays);

    // One-time: Maximum Views only.
    await radio(page, "One-time view").click();
    await expect(maxViewsField(page)).toHaveAttribute("placeholder", "Leave empty for unlimited views");
    await expect(maxViewsField(page)).toHaveAttribute("type", "number");
    await expect(expiresField(page)).toHaveCount(0);
    await expect(emailField(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Generate Share Link" })).toBeVisible();
    const oneTime = await submitShare(page, "Generate Share Link");
    expect(oneTime).toEqual({ ideaId: id, shareType: "one-time", expiresAt: null, maxViews: null, recipientEmail: null, allowDownload: false, screenShield: false });
    await expectCreated(page, baseURL!);
    let shares = await listShares(page, id);
    expect(shares).toHaveLength(1);
    await expect(linkField(page)).toHaveValue(`${baseURL}/view/${shares[0].accessLink}`);
    await expect(item(page, shares[0])).toContainText("One-time view");
    await expect(item(page, shares[0])).toContainText("0 views / 1 max");

    // Time-dependent: Expiration Date (datetime-local) and Maximum Views; the date is required and in the future.
    await radio(page, "Time-dependent (expires after a period)").click();
    await expect(expiresField(page)).toHaveAttribute("type", "datetime-local");
    await expect(expiresField(page)).toHaveValue(inThirtyDays);
    await expect(maxViewsField(page)).toBeVisible();
    await expect(emailField(page)).toHaveCount(0);
    await expiresField(page).fill("");
    let posts = 0;
    const countPosts = (r: Request) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/shares") posts += 1;
    };
    page.on("request", countPosts);
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    await expect(expiresField(page)).toHaveAccessibleDescription(EXPIRES_MESSAGE);
    await expect(expiresField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(expiresField(page)).toBeFocused();
    await expiresField(page).fill(localDateTime(-2));
    await maxViewsField(page).fill("0");
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    await expect(expiresField(page)).toHaveAccessibleDescription(EXPIRES_MESSAGE);
    await expect(maxViewsField(page)).toHaveAccessibleDescription(MAX_VIEWS_MESSAGE);
    expect(posts).toBe(0);
    page.off("request", countPosts);

    const when = localDateTime(48);
    await expiresField(page).fill(when);
    await maxViewsField(page).fill("5");
    const timed = await submitShare(page, "Generate Share Link");
    expect(timed).toEqual({ ideaId: id, shareType: "time-dependent", expiresAt: new Date(when).toISOString(), maxViews: 5, recipientEmail: null, allowDownload: false, screenShield: false });
    await expect(expiresField(page)).toHaveValue(inThirtyDays); // the form is ready for the next link, with the default expiry
    shares = await listShares(page, id);
    expect(shares).toHaveLength(2);
    const timedShare = shares.find((s) => s.shareType === "time-dependent")!;
    expect(timedShare).toMatchObject({ maxViews: 5, expiresAt: new Date(when).toISOString() });
    await expect(linkField(page)).toHaveValue(`${baseURL}/view/${timedShare.accessLink}`);
    await expect(item(page, timedShare)).toContainText("Time-limited");
    await expect(item(page, timedShare)).toContainText("0 views / 5 max");
    await expect(item(page, timedShare)).toContainText("Expires");

    // Full access: no extra fields, no maximum.
    await radio(page, "Full access (unlimited views)").click();
    await expect(expiresField(page)).toHaveCount(0);
    await expect(maxViewsField(page)).toHaveCount(0);
    await expect(emailField(page)).toHaveCount(0);
    await expect(noteField(page)).toHaveCount(0);
    const full = await submitShare(page, "Generate Share Link");
    expect(full).toEqual({ ideaId: id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, allowDownload: false, screenShield: false });
    shares = await listShares(page, id);
    const fullShare = shares.find((s) => s.shareType === "full-access")!;
    await expect(linkField(page)).toHaveValue(`${baseURL}/view/${fullShare.accessLink}`);
    await expect(item(page, fullShare)).toContainText("Full access");
    await expect(item(page, fullShare)).toContainText("0 views");
    await expect(item(page, fullShare)).not.toContainText("max");

    // E-mail: Recipient Email only, 'Send Email Invitation', the invitation carries the link.
    await radio(page, "Share by Email (Full Access)").click();
    await expect(emailField(page)).toHaveAttribute("inputmode", "email");
    await expect(expiresField(page)).toHaveCount(0);
    await expect(maxViewsField(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Generate Share Link" })).toHaveCount(0);
    await page.getByRole("button", { name: "Send Email Invitation" }).click();
    await expect(emailField(page)).toHaveAccessibleDescription(new RegExp(`${EMAIL_MESSAGE}$`));
    await emailField(page).fill("not-an-address");
    await page.getByRole("button", { name: "Send Email Invitation" }).click();
    await expect(emailField(page)).toHaveAccessibleDescription(new RegExp(`${EMAIL_MESSAGE}$`));
    const recipient = uniqueEmail(testInfo, "recipient");
    await emailField(page).fill(recipient.toUpperCase());
    const mailed = await submitShare(page, "Send Email Invitation");
    expect(mailed).toEqual({ ideaId: id, shareType: "email", expiresAt: null, maxViews: null, recipientEmail: recipient, allowDownload: false, screenShield: false });
    shares = await listShares(page, id);
    const emailShare = shares.find((s) => s.shareType === "email")!;
    expect(emailShare.recipientEmail).toBe(recipient);
    await expect(linkField(page)).toHaveValue(`${baseURL}/view/${emailShare.accessLink}`);
    await expect(page.getByText(`An invitation with this link was e-mailed to ${recipient}.`)).toBeVisible();
    await expect(item(page, emailShare)).toContainText("Full access");
    await expect(item(page, emailShare)).toContainText(`Sent to ${recipient}`);
    const mail = await waitForMail(recipient);
    expect(mail.text).toContain(`/view/${emailShare.accessLink}`);
    expect(mail.text).not.toContain("'s note:");

    // Newest first, four active links; a reload shows the same list.
    await expect(activeList(page).getByRole("listitem")).toHaveCount(4);
    await page.reload();
    await expect(activeList(page).getByRole("listitem")).toHaveCount(4);
    await expect(activeList(page).getByRole("listitem").first()).toContainText("Full access");
    await expect(activeList(page).getByRole("listitem").last()).toContainText("One-time view");
  });

  test("an e-mail invitation carries the owner's personal note, escaped, and nothing else shows it", async ({ page, createUser, loginAs }, testInfo) => {
    const user = await createUser();
    await loginAs(page, user);
    const id = await createIdea(page, "Noted plan", true);
    await page.goto(`/share/${id}`);
    await radio(page, "Share by Email (Full Access)").click();
    const recipient = uniqueEmail(testInfo, "noted");
    await emailField(page).fill(recipient);
    await expect(noteField(page)).toHaveAccessibleDescription(/Shown only in the invitation e-mail/);
    // Over 500 characters: refused on the field, nothing sent.
    await noteField(page).fill("x".repeat(501));
    await page.getByRole("button", { name: "Send Email Invitation" }).click();
    await expect(noteField(page)).toHaveAccessibleDescription(/Note must be at most 500 characters/);
    const note = "Hi Grace,\nthe kettle we talked about — <b>not</b> public yet.";
    await noteField(page).fill(`  ${note}  `);
    const sent = await submitShare(page, "Send Email Invitation");
    expect(sent).toMatchObject({ shareType: "email", recipientEmail: recipient, note });
    await expect(page.getByText(`An invitation with this link was e-mailed to ${recipient}.`)).toBeVisible();

    const mail = await waitForMail(recipient);
    expect(mail.replyTo).toBe(user.email);
    expect(mail.text).toContain(`${user.name}'s note:`);
    expect(mail.text).toContain(`“${note}”`);
    expect(mail.html).toContain("&lt;b&gt;not&lt;/b&gt; public yet.");
    expect(mail.html).not.toContain("<b>not</b>");
    // Not in the owner's list of links, nor in what the link's public lookup answers.
    const [share] = await listShares(page, id);
    expect(JSON.stringify(share)).not.toContain("kettle we talked about");
    const lookup = await page.request.get(`/api/share/${share.accessLink}`);
    expect(lookup.status()).toBe(200);
    expect(await lookup.text()).not.toContain("kettle we talked about");
  });

  test("a refused creation shows the failure toast and the server's message next to the field", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const id = await createIdea(page, "Refused share");
    await page.goto(`/share/${id}`);
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();

    // The server's clock decides "in the future": stand in for a refusal the browser could not foresee.
    await page.route("**/api/shares", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            // The server's 400 names the field by path: the form puts the message there, whatever it says.
            body: JSON.stringify({ success: false, error: EXPIRES_MESSAGE, issues: [{ code: "custom", path: ["expiresAt"], message: EXPIRES_MESSAGE }] }),
          })
        : route.continue(),
    );
    await radio(page, "Time-dependent (expires after a period)").click();
    await expiresField(page).fill(localDateTime(1));
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    await expect(toasts(page).filter({ hasText: FAILED })).toBeVisible();
    await expect(expiresField(page)).toHaveAccessibleDescription(EXPIRES_MESSAGE);
    await expect(linkField(page)).toHaveCount(0);

    // A refusal that belongs to no field (a rate limit) is shown above the button.
    await page.unroute("**/api/shares");
    const limited = "Too many requests. Please try again later.";
    await page.route("**/api/shares", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ success: false, error: limited }) }),
    );
    await radio(page, "Full access (unlimited views)").click();
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    await expect(page.locator("form [role=alert]")).toHaveText(limited);
    await expect(page.locator("[data-sonner-toast][data-front=true]")).toContainText(FAILED);
    expect(await listShares(page, id)).toEqual([]);
  });

  test("Copy Link copies {origin}/view/{accessLink}; Revoke asks first, then keeps the link greyed as revoked", async ({
    page,
    context,
    createUser,
    loginAs,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const user = await createUser();
    await loginAs(page, user);
    const id = await createIdea(page, "Copy and revoke", true);
    const created = await page.request.post("/api/shares", {
      data: { ideaId: id, shareType: "time-dependent", expiresAt: new Date(Date.now() + 86_400_000).toISOString(), maxViews: 3, recipientEmail: null },
    });
    expect(created.status(), await created.text()).toBe(201);
    const share = (await created.json()) as Share;
    const other = await page.request.post("/api/shares", {
      data: { ideaId: id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null },
    });
    expect(other.status()).toBe(201);

    await page.goto(`/share/${id}`);
    const row = item(page, share);
    await expect(row).toContainText("Time-limited");
    await expect(row).toContainText("0 views / 3 max");
    await row.getByRole("button", { name: "Copy Link" }).click();
    await expect(toasts(page).filter({ hasText: COPIED })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/view/${share.accessLink}`);
    expect((await page.request.get(`/api/share/${share.accessLink}`)).status()).toBe(200);

    // Cancel leaves it alone.
    await row.getByRole("button", { name: /^Revoke/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke this share link?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("loses access at once");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await listShares(page, id)).find((s) => s.id === share.id)?.revokedAt).toBeNull();

    // Confirm (keyboard): the link moves to the revoked record and stops working at once.
    await row.getByRole("button", { name: /^Revoke/ }).click();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === "DELETE" && new URL(r.url()).pathname === `/api/shares/${share.id}`),
      dialog.getByRole("button", { name: "Revoke link" }).click(),
    ]);
    expect(request.method()).toBe("DELETE");
    await expect(dialog).toBeHidden();
    await expect(toasts(page).filter({ hasText: "Share link revoked." })).toBeVisible();
    await expect(activeList(page).getByRole("listitem")).toHaveCount(1);
    const revokedRow = (await revokedList(page)).locator(`li[data-share-id="${share.id}"]`);
    await expect(revokedRow).toContainText("Time-limited");
    await expect(revokedRow).toContainText("Revoked");
    await expect(revokedRow.getByRole("button")).toHaveCount(0);
    expect((await listShares(page, id)).find((s) => s.id === share.id)?.revokedAt).not.toBeNull();
    expect((await page.request.get(`/api/share/${share.accessLink}`)).status()).toBe(404);

    // After a reload the record is still there.
    await page.reload();
    await expect((await revokedList(page)).locator(`li[data-share-id="${share.id}"]`)).toBeVisible();
    await expect(activeList(page).getByRole("listitem")).toHaveCount(1);
  });

  test("'Idea not found' for another creator's idea and for unknown ids", async ({ page, browser, createUser, loginAs, baseURL }) => {
    const owner = await createUser();
    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    await loginAs(ownerPage, owner);
    const foreign = await createIdea(ownerPage, "Not yours", true);
    await ownerContext.close();

    const user = await createUser();
    await loginAs(page, user);
    for (const path of [`/share/${foreign}`, "/share/999999999", "/share/abc", "/share/0"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Idea not found" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Share your idea" })).toBeVisible();
      await expect(page.getByText("Not yours")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Create New Share Link" })).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a signed-out visit goes to /login and back after signing in", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const id = await createIdea(page, "Behind the login");
    await page.context().clearCookies();

    await page.goto(`/share/${id}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=%2Fshare%2F${id}$`));
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(new RegExp(`/share/${id}$`));
    await expect(page.getByRole("heading", { name: "Behind the login" })).toBeVisible();
  });

  test("the editor's 'Share It' opens the screen; it works by keyboard on a 390 px phone", async ({ page, createUser, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createUser();
    await loginAs(page, user);
    const id = await createIdea(page, "A phone-sized idea with a rather long title that has to wrap", true);
    await page.goto(`/editor/${id}`);
    await page.getByRole("link", { name: "Share It" }).click();
    await expect(page).toHaveURL(new RegExp(`/share/${id}$`));
    await expect(page.getByRole("heading", { name: "Create New Share Link" })).toBeVisible();
    await expect(page.getByText("No active share links yet. Create one below.")).toBeVisible();

    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // Arrow keys move through the share types (Radix checks the item focus lands on while the key is down, as a
    // person's key press is; an instant synthetic press can end before the focus moves).
    const arrow = async (key: "ArrowDown" | "ArrowUp", expected: string) => {
      await page.keyboard.down(key);
      await expect(radio(page, expected)).toBeChecked();
      await expect(radio(page, expected)).toBeFocused();
      await page.keyboard.up(key);
    };
    await radio(page, "One-time view").focus();
    await arrow("ArrowDown", "Time-dependent (expires after a period)");
    await arrow("ArrowDown", "Full access (unlimited views)");
    await arrow("ArrowDown", "Share by Email (Full Access)");
    await expect(page.getByRole("button", { name: "Send Email Invitation" })).toBeVisible();
    await arrow("ArrowUp", "Full access (unlimited views)");
    // Tab passes the link options (switches, Space toggles them) on the way to the button.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("switch", { name: "Allow download" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("switch", { name: "Screen shield" })).toBeFocused();
    await page.keyboard.press("Tab");
    // A published idea: the link may stay on its current version.
    await expect(page.getByRole("switch", { name: "Stay on version 1" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("switch", { name: "Require a verified e-mail" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Generate Share Link" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(linkField(page)).toHaveValue(LINK);
    await expect(activeList(page).getByRole("listitem")).toHaveCount(1);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // Back returns to the dashboard.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
