import { test, expect } from "./fixtures";
import { createPublishedIdea, expectJson } from "./api-helpers";

const PLAN_HTML = "<h2>Plan</h2><p>The secret ingredient is cardamom.</p>";

/**
 * Link controls a founder expects. The founder creates a link with a passcode on the share screen; a
 * recipient in another browser enters the passcode, identifies, reads the agreement and accepts it.
 */

const PASSCODE = "partner-meeting-42";

test.describe("link controls", () => {
  test("a founder creates a link with a passcode; a recipient enters it, identifies and accepts the agreement", async ({ page, browser, createUser, loginAs }) => {
    test.slow(); // a journey across two browsers, as the other long ones
    const founder = await createUser({ name: "Fiona Founder" });
    await loginAs(page, founder);
    const idea = await createPublishedIdea(page.request, "Cardamom kettle", PLAN_HTML);
    await page.goto(`/share/${idea.id}`);

    await page.getByRole("radio", { name: "Full access (unlimited views)", exact: true }).click();
    await page.getByLabel("Link name (optional)").fill("Sequoia, partner meeting");
    const passcode = page.getByLabel("Passcode (optional)");
    // The rule shows beside the field; a passcode too short (5 characters) is refused on its own field, by the same
    // rules the server applies.
    await expect(page.getByText("At least 6 characters", { exact: false })).toBeVisible();
    await passcode.fill("abcde");
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    await expect(page.getByText("Passcode must be at least 6 characters")).toBeVisible();
    await expect(passcode).toBeFocused();
    await passcode.fill(PASSCODE);
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ name: "Sequoia, partner meeting", passcode: PASSCODE });
    const share = (await response.json()) as { id: string; accessLink: string; hasPasscode: boolean; name: string };
    expect(share).toMatchObject({ hasPasscode: true, name: "Sequoia, partner meeting" });
    expect(JSON.stringify(share)).not.toContain(PASSCODE);
    const item = page.getByRole("list", { name: "Active Share Links" }).locator(`[data-share-id="${share.id}"]`);
    await expect(item.getByText("Passcode", { exact: true })).toBeVisible();
    await expect(item.getByText("Sequoia, partner meeting")).toBeVisible();

    const context = await browser.newContext();
    try {
      const reader = await context.newPage();
      // Before the passcode the link names only its sender, nothing about the idea.
      const lookup = await reader.request.get(`/api/share/${share.accessLink}`);
      expect(await lookup.json()).toEqual({ requiresPasscode: true, sender: "Fiona Founder" });

      await reader.goto(`/view/${share.accessLink}`);
      await expect(reader.getByRole("heading", { name: "This link is protected" })).toBeVisible();
      await expect(reader.getByText("Cardamom kettle")).toHaveCount(0);
      // The passcode and the details on one screen, which names the sender only.
      await expect(reader.getByText("Shared with you by Fiona Founder")).toBeVisible();
      await reader.getByLabel("Passcode", { exact: true }).fill("not the passcode");
      await reader.getByLabel("Name", { exact: true }).fill("Rita Reader");
      await reader.getByLabel("Email", { exact: true }).fill("rita@example.com");
      await reader.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(reader.getByText("Incorrect passcode")).toBeVisible();
      await expect(reader.getByText("Cardamom kettle")).toHaveCount(0);
      await reader.getByLabel("Passcode", { exact: true }).fill(PASSCODE);
      await reader.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(reader).toHaveURL(new RegExp(`/nda/${share.accessLink}$`), { timeout: 15_000 });
      // The proof is an httpOnly cookie for this link.
      const cookie = (await context.cookies()).find((c) => c.name === `iv_p_${share.id}`);
      expect(cookie?.httpOnly).toBe(true);
      const box = reader.getByRole("region", { name: "Agreement text" });
      await expect(box).toContainText("Rita Reader");
      await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      const agree = reader.getByRole("button", { name: /^(I Agree|Please read the full agreement)$/ });
      await expect(agree).toHaveText("I Agree");
      await reader.getByLabel("Type your full name to sign", { exact: true }).fill("Rita Reader");
      await agree.click();
      await expect(reader).toHaveURL(new RegExp(`/document/${share.accessLink}$`), { timeout: 15_000 });
      await expect(reader.getByText("The secret ingredient is cardamom.")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test("a founder renames a link, lowers its view limit until it closes, and revokes all links after confirming", async ({ page, createUser, loginAs }) => {
  const founder = await createUser();
  await loginAs(page, founder);
  const idea = await createPublishedIdea(page.request, "Inactive kettle", PLAN_HTML);
  const first = await expectJson(await page.request.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access", name: "Angel round" } }), 201);
  const second = await expectJson(await page.request.post("/api/shares", { data: { ideaId: idea.id, shareType: "one-time" } }), 201);
  await page.goto(`/share/${idea.id}`);
  const active = page.getByRole("list", { name: "Active Share Links" });
  await expect(active.getByRole("listitem")).toHaveCount(2);
  // Each link shows its name, then its type.
  await expect(active.locator(`[data-share-id="${first.id}"]`)).toContainText(/Angel round\s*Full access/);

  await active.locator(`[data-share-id="${first.id}"]`).getByRole("button", { name: "Edit Angel round" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit link" });
  await dialog.getByLabel("Link name").fill("Seed round");
  await dialog.getByLabel("Maximum Views").fill("0");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText("Maximum views must be a positive whole number")).toBeVisible();
  await dialog.getByLabel("Maximum Views").fill("");
  const patched = page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === `/api/shares/${first.id}`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  expect((await patched).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(active.locator(`[data-share-id="${first.id}"]`).getByText("Seed round")).toBeVisible();

  // Changed through the API too; the type never changes.
  await expectJson(await page.request.patch(`/api/shares/${second.id}`, { data: { maxViews: 1 } }), 200);
  await page.request.patch(`/api/shares/${second.id}`, { data: { shareType: "full-access" } }).then((r) => expect(r.status()).toBe(400));

  await page.getByRole("button", { name: "Revoke all links" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Revoke all links to this idea?");
  await confirm.getByRole("button", { name: "Revoke all links" }).click();
  await expect(page.getByText("No active share links yet. Create one below.")).toBeVisible();
  const inactive = page.locator("details", { hasText: "Inactive links (2)" });
  await expect(inactive).not.toHaveAttribute("open");
  await inactive.locator("summary").click();
  await expect(page.getByRole("list", { name: /^Inactive links/ }).getByRole("listitem")).toHaveCount(2);
  expect((await page.request.get(`/api/share/${first.accessLink}`)).status()).toBe(404);
});

test("'Sharing defaults' on /profile: a blocked domain cannot identify on any link; new links start with the defaults", async ({ page, createUser, loginAs, playwright, baseURL }) => {
  const founder = await createUser();
  await loginAs(page, founder);
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Sharing defaults" });
  await card.getByLabel("Blocked domains").fill("Rival.io, competitor.com");
  await card.getByRole("switch", { name: "Screen shield on new links" }).click();
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === "/api/profile/sharing-defaults");
  await card.getByRole("button", { name: "Save sharing defaults" }).click();
  expect(await (await saved).json()).toMatchObject({ blockedDomains: ["rival.io", "competitor.com"], screenShield: true });

  const idea = await createPublishedIdea(page.request, "Guarded kettle", PLAN_HTML);
  await page.goto(`/share/${idea.id}`);
  await expect(page.getByRole("switch", { name: "Screen shield" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("radio", { name: "Full access (unlimited views)", exact: true }).click();
  await page.getByText("Who may open it").click();
  await page.getByLabel("Only these domains").fill("sequoia.com");
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
  await page.getByRole("button", { name: "Generate Share Link" }).click();
  const share = (await (await posted).json()) as { accessLink: string; allowedDomains: string[]; screenShield: boolean };
  expect(share).toMatchObject({ allowedDomains: ["sequoia.com"], screenShield: true });

  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const identify = (email: string) => visitor.post("/api/recipients", { data: { name: "Grace Hopper", email, accessToken: share.accessLink } });
    const outside = await identify("grace@example.com");
    expect(outside.status()).toBe(403);
    expect((await outside.json()).error).toBe("This link is not available to grace@example.com");
    const inside = await expectJson(await identify("partner@sequoia.com"), 201);
    expect(inside.emailVerified).toBe(false); // the 6-digit code comes next
  } finally {
    await visitor.dispose();
  }
});
