import fs from "node:fs/promises";
import { test, expect } from "./fixtures";
import { createPublishedIdea, expectJson } from "./api-helpers";
import { expectNoSeriousA11yViolations } from "./axe";

const PLAN_HTML = "<h2>Plan</h2><p>The secret ingredient is saffron.</p>";

/**
 * The founder's own agreement. The founder writes it on /profile and shares a named, passcode-protected
 * link with it; a recipient reads that agreement with their own name filled in, accepts it and reads the idea; the
 * share screen says which agreement the link uses. And a link without an NDA.
 */

const PASSCODE = "term-sheet-7";
const BODY = [
  "This agreement is between {ownerName} and {recipientName} about the idea {ideaTitle}.",
  "",
  "1. The recipient keeps everything about the idea confidential.",
  "",
  "2. The recipient uses it only to evaluate an investment.",
].join("\n");

// The story is two tests, each well inside its time on a loaded machine: the founder's screens, then the recipient's.
test("a founder writes their own agreement on /profile and creates a named passcode link with it", async ({ page, createUser, loginAs }) => {
  test.slow(); // a journey through two screens and two dialogs, with three accessibility checks
  const founder = await createUser({ name: "Fiona Founder" });
  await loginAs(page, founder);
  const idea = await createPublishedIdea(page.request, "Saffron kettle", PLAN_HTML);

  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Agreements" });
  await expect(card.getByText("No agreements yet: links use the standard agreement.")).toBeVisible();
  await card.getByRole("button", { name: "New agreement" }).click();
  const dialog = page.getByRole("dialog", { name: "New agreement" });
  // A new agreement starts from the standard one, its parties as placeholders.
  await expect(dialog.getByLabel("Title")).toHaveValue("Non-Disclosure Agreement");
  await expect(dialog.getByLabel("Agreement text")).toHaveValue(/^This agreement is made on \{date\} between \{ownerName\} \(the Discloser\)/);
  await expect(dialog.getByLabel("Agreement text")).toHaveValue(/2\. Non-disclosure\. The Recipient shall keep/);
  await dialog.getByLabel("Title").fill("Investor NDA");
  // An existing NDA loads from a text file; an unknown placeholder in it is refused next to the text, by the same
  // rules the server applies.
  await dialog.getByLabel("Load an NDA file").setInputFiles({ name: "old-nda.txt", mimeType: "text/plain", buffer: Buffer.from("Dear {investor},\r\nkeep it secret.\r\n") });
  await expect(dialog.getByLabel("Agreement text")).toHaveValue("Dear {investor},\nkeep it secret.");
  await dialog.getByRole("button", { name: "Create agreement" }).click();
  await expect(dialog.getByText(/Unknown placeholder \{investor\}/)).toBeVisible();
  await expect(dialog.getByLabel("Agreement text")).toBeFocused();
  await expectNoSeriousA11yViolations(page, "new agreement dialog with an error");
  await dialog.getByLabel("Agreement text").fill(BODY);
  await dialog.getByRole("switch", { name: "Use for new links by default" }).click();
  const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/agreements");
  await dialog.getByRole("button", { name: "Create agreement" }).click();
  const agreement = (await (await created).json()) as { id: string; version: number; isDefault: boolean };
  expect(agreement).toMatchObject({ version: 1, isDefault: true });
  await expect(dialog).toBeHidden();
  const item = card.locator(`[data-agreement-id="${agreement.id}"]`);
  await expect(item).toContainText("Investor NDA");
  await expect(item).toContainText("v1");
  await expect(item.getByText("Default", { exact: true })).toBeVisible();

  // The share form preselects the default agreement; the link gets a name and a passcode.
  await page.goto(`/share/${idea.id}`);
  await expect(page.getByLabel("Agreement", { exact: true })).toHaveValue(agreement.id);
  await expect(page.getByRole("switch", { name: "Require NDA" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("radio", { name: "Full access (unlimited views)", exact: true }).click();
  await page.getByLabel("Link name (optional)").fill("Saffron Capital");
  await page.getByLabel("Passcode (optional)").fill(PASSCODE);
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
  await page.getByRole("button", { name: "Generate Share Link" }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ name: "Saffron Capital" });
  const share = (await response.json()) as { id: string; accessLink: string; agreementId: string };
  expect(share.agreementId).toBe(agreement.id);
  const link = page.getByRole("list", { name: "Active Share Links" }).locator(`[data-share-id="${share.id}"]`);
  await expect(link.locator('[data-slot="share-agreement"]')).toHaveText("Investor NDA v1");
  // The edit dialog changes both: here it opens with the link's agreement and NDA switch.
  await link.getByRole("button", { name: "Edit Saffron Capital" }).click();
  const edit = page.getByRole("dialog", { name: "Edit link" });
  await expect(edit.getByLabel("Agreement", { exact: true })).toHaveValue(agreement.id);
  await expect(edit.getByRole("switch", { name: "Require NDA" })).toHaveAttribute("aria-checked", "true");
  await expectNoSeriousA11yViolations(page, "edit link dialog with the agreement");
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
});

test("a recipient enters the passcode, identifies, reads the founder's agreement with their name and accepts it", async ({ page, browser, createUser, loginAs }) => {
  test.slow(); // a whole journey: passcode, identity, agreement, document, then the owner's screens
  const founder = await createUser({ name: "Fiona Founder" });
  await loginAs(page, founder);
  const idea = await createPublishedIdea(page.request, "Saffron kettle", PLAN_HTML);
  // The founder's part through the API (the test above drives it through the screens).
  const agreement = (await expectJson(await page.request.post("/api/agreements", { data: { title: "Investor NDA", body: BODY, isDefault: true } }), 201)) as { id: string };
  const share = (await expectJson(
    await page.request.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, name: "Saffron Capital", passcode: PASSCODE } }),
    201,
  )) as { id: string; accessLink: string; agreementId: string };
  expect(share.agreementId).toBe(agreement.id);
  await page.goto(`/share/${idea.id}`);
  const link = page.getByRole("list", { name: "Active Share Links" }).locator(`[data-share-id="${share.id}"]`);
  await expect(link.locator('[data-slot="share-agreement"]')).toHaveText("Investor NDA v1");
  const card = page.getByRole("region", { name: "Agreements" });

  const context = await browser.newContext();
  try {
    const reader = await context.newPage();
    await reader.goto(`/view/${share.accessLink}`);
    await reader.getByLabel("Passcode", { exact: true }).fill(PASSCODE);
    await reader.getByLabel("Name", { exact: true }).fill("Rita Reader");
    await reader.getByLabel("Email", { exact: true }).fill("rita@example.com");
    await reader.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(reader).toHaveURL(new RegExp(`/nda/${share.accessLink}$`), { timeout: 15_000 });

    const box = reader.getByRole("region", { name: "Agreement text" });
    await expect(box.getByRole("heading", { name: "Investor NDA" })).toBeVisible({ timeout: 15_000 });
    await expect(box).toContainText("Version 1");
    // The reader sees plain values; the labelled form stays in the download, the record and the certificate.
    await expect(box).toContainText("between Fiona Founder and Rita Reader about the idea Saffron kettle.");
    await expect(box).not.toContainText("[Recipient name:");
    const [download] = await Promise.all([reader.waitForEvent("download"), reader.getByRole("button", { name: "Download Agreement" }).click()]);
    expect(await fs.readFile((await download.path())!, "utf8")).toContain("[Recipient name: Rita Reader]");
    await expect(box).toContainText("2. The recipient uses it only to evaluate an investment.");
    await expectNoSeriousA11yViolations(reader, "own agreement on the NDA screen");
    await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const agree = reader.getByRole("button", { name: /^(I Agree|Please read the full agreement)$/ });
    await expect(agree).toHaveText("I Agree");
    await reader.getByLabel("Type your full name to sign", { exact: true }).fill("Rita Reader");
    const accepted = reader.waitForResponse((r) => r.request().method() === "PUT" && /\/api\/recipients\/[^/]+\/nda$/.test(new URL(r.url()).pathname));
    await agree.click();
    expect((await accepted).status()).toBe(200);
    await expect(reader).toHaveURL(new RegExp(`/document/${share.accessLink}$`), { timeout: 15_000 });
    await expect(reader.getByText("The secret ingredient is saffron.")).toBeVisible();
  } finally {
    await context.close();
  }

  // The owner's share screen: the link's agreement, and the recipient accepted that one.
  await page.reload();
  await expect(link.locator('[data-slot="share-agreement"]')).toHaveText("Investor NDA v1");
  await expect(link.locator('[data-slot="accepted-agreement"]')).toContainText("Investor NDA v1");
  const detail = await expectJson(await page.request.get(`/api/agreements/${agreement.id}`), 200);
  expect(detail.versions).toEqual([expect.objectContaining({ version: 1, acceptedCount: 1 })]);
  // In use: deleting it is refused with the reason.
  await page.goto("/profile");
  await card.locator(`[data-agreement-id="${agreement.id}"]`).getByRole("button", { name: "Delete Investor NDA" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete agreement" }).click();
  await expect(card.getByText("This agreement is used by a link. Choose another agreement for those links first.")).toBeVisible();
});

test("a link without an NDA: the recipient identifies and reads; the owner sees 'No NDA'", async ({ page, browser, createUser, loginAs }) => {
  const founder = await createUser({ name: "Nora Owner" });
  await loginAs(page, founder);
  const idea = await createPublishedIdea(page.request, "Open kettle", PLAN_HTML);
  await page.goto(`/share/${idea.id}`);
  await page.getByRole("radio", { name: "Full access (unlimited views)", exact: true }).click();
  await page.getByRole("switch", { name: "Require NDA" }).click();
  await expect(page.getByLabel("Agreement", { exact: true })).toBeDisabled();
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
  await page.getByRole("button", { name: "Generate Share Link" }).click();
  const share = (await (await posted).json()) as { id: string; accessLink: string; requireNda: boolean };
  expect(share.requireNda).toBe(false);
  const link = page.getByRole("list", { name: "Active Share Links" }).locator(`[data-share-id="${share.id}"]`);
  await expect(link.locator('[data-slot="share-agreement"]')).toHaveText("No NDA");

  const context = await browser.newContext();
  try {
    const reader = await context.newPage();
    await reader.goto(`/view/${share.accessLink}`);
    await reader.getByLabel("Name", { exact: true }).fill("Ivan Investor");
    await reader.getByLabel("Email", { exact: true }).fill("ivan@example.com");
    await reader.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(reader).toHaveURL(new RegExp(`/document/${share.accessLink}$`), { timeout: 15_000 });
    await expect(reader.getByText("The secret ingredient is saffron.")).toBeVisible();
    await expect(reader.getByText("No agreement was accepted: this link does not ask for one.")).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(link.locator('[data-slot="no-agreement"]')).toHaveText("No agreement accepted (no NDA on this link)");
});
