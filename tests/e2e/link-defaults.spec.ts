import type { BrowserContext, Page } from "@playwright/test";
import { test, expect, createPublishedIdea } from "./api-helpers";
import { createShare } from "./sharing-helpers";

/**
 * New links start time-limited (30 days, or the account's 'Sharing defaults'); a one-time link tells the browser that
 * used it so, and the owner can 'Let back in' that one recipient.
 */

/** `hours` from now as a datetime-local value, to the day (a minute boundary may pass while the page loads). */
function localDay(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });

/** A recipient's tab in its own browser, the cookie banner answered. */
async function readerTab(context: BrowserContext) {
  const tab = await context.newPage();
  await tab.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
  return tab;
}

/** /view → identity → agreement → the document. */
async function reachDocument(page: Page, token: string, title: string) {
  await page.goto(`/view/${token}`);
  await field(page, "Name").fill("Rita Reader");
  await field(page, "Email").fill("rita@example.com");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nda/${token}$`), { timeout: 15_000 });
  await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.getByLabel("Type your full name to sign", { exact: true }).fill("Rita Reader");
  await page.getByRole("button", { name: "I Agree" }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("the share form starts time-limited, 30 days ahead; 'Sharing defaults' change the type and the days", async ({ page, createUser, loginAs }) => {
  const founder = await createUser();
  await loginAs(page, founder);
  const idea = await createPublishedIdea(page.request, "Default kettle");
  await page.goto(`/share/${idea.id}`);
  await expect(radio(page, "Time-dependent (expires after a period)")).toBeChecked();
  await expect(page.getByLabel("Expiration Date")).toHaveValue(new RegExp(`^${localDay(30 * 24)}T\\d\\d:\\d\\d$`));
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
  await page.getByRole("button", { name: "Generate Share Link" }).click();
  const created = await posted;
  expect(created.status()).toBe(201);
  const share = (await created.json()) as { shareType: string; expiresAt: string };
  expect(share.shareType).toBe("time-dependent");
  const days = (new Date(share.expiresAt).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  // /profile → 'Sharing defaults': a one-time default and 7 days; a bad number is refused in words.
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Sharing defaults" });
  await expect(card.getByLabel("Expires after (days)")).toHaveValue("30");
  await card.getByLabel("Expires after (days)").fill("400");
  await card.getByRole("button", { name: "Save sharing defaults" }).click();
  await expect(card.getByRole("alert")).toHaveText("Expires after (days) must be a whole number from 1 to 365");
  await card.getByLabel("Default link type").selectOption("one-time");
  await card.getByLabel("Expires after (days)").fill("7");
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === "/api/profile/sharing-defaults");
  await card.getByRole("button", { name: "Save sharing defaults" }).click();
  expect(await (await saved).json()).toMatchObject({ shareType: "one-time", expiryDays: 7 });

  await page.goto(`/share/${idea.id}`);
  await expect(radio(page, "One-time view")).toBeChecked();
  await radio(page, "Time-dependent (expires after a period)").click();
  await expect(page.getByLabel("Expiration Date")).toHaveValue(new RegExp(`^${localDay(7 * 24)}T`));
});

test("a used one-time link tells its reader so; 'Let back in' lets that reader open it once more", async ({ page, browser, createUser, loginAs, baseURL }) => {
  test.slow(); // two browsers: the reader's journey twice, the owner's screen between
  const founder = await createUser({ name: "Fiona Founder" });
  await loginAs(page, founder);
  const idea = await createPublishedIdea(page.request, "Once Kettle");
  const share = await createShare(page.request, { ideaId: idea.id, shareType: "one-time" });

  const readerContext = await browser.newContext({ baseURL });
  const strangerContext = await browser.newContext({ baseURL });
  try {
    const reader = await readerTab(readerContext);
    await reachDocument(reader, share.accessLink, "Once Kettle");
    await reader.goto(`/view/${share.accessLink}`);
    await expect(reader.getByText("You have already opened this one-time link; ask Fiona Founder for a new one")).toBeVisible();
    // Another browser gets the plain refusal.
    const stranger = await readerTab(strangerContext);
    await stranger.goto(`/view/${share.accessLink}`);
    await expect(stranger.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(stranger.getByText("The link you're trying to access is invalid or has expired.")).toBeVisible();

    // The owner lets Rita back in from the link's recipients.
    await page.goto(`/share/${idea.id}`);
    // A used-up link is among the collapsed 'Inactive links'.
    await page.locator("details").filter({ hasText: "Inactive links" }).locator("summary").click();
    const item = page.locator(`li[data-share-id="${share.id}"]`);
    const letBackIn = item.getByRole("button", { name: "Let back in: Rita Reader" });
    await expect(letBackIn).toBeVisible();
    const readmitted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/readmit"));
    await letBackIn.click();
    expect((await readmitted).status()).toBe(200);
    await expect(item.getByText("Let back in: can open the link once more")).toBeVisible();
    await expect(letBackIn).toHaveCount(0);

    // Rita reads it once more, coming back through the link itself (its screen hands its one delivery on to the
    // reader); the stranger is still refused.
    await reader.goto(`/view/${share.accessLink}`);
    await expect(reader).toHaveURL(new RegExp(`/document/${share.accessLink}$`));
    await expect(reader.getByRole("heading", { level: 1, name: "Once Kettle" })).toBeVisible();
    await expect(reader.getByText("The secret ingredient is cardamom.")).toBeVisible();
    await stranger.goto(`/view/${share.accessLink}`);
    await expect(stranger.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  } finally {
    await readerContext.close();
    await strangerContext.close();
  }
});
