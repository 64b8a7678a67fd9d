import type { Browser, Page } from "@playwright/test";
import { test, expect } from "./api-helpers";
import { agree, createShare } from "./sharing-helpers";

/** A recipient in a browser of their own agrees on the link and opens the document; `check` looks at what it shows. */
async function readAsRecipient(browser: Browser, baseURL: string | undefined, accessLink: string, check: (reader: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL });
  try {
    await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
    await agree(context.request, accessLink, { name: "Rita Reader", email: "rita@example.com" });
    const reader = await context.newPage();
    await reader.goto(`/document/${accessLink}`);
    await check(reader);
  } finally {
    await context.close();
  }
}

/**
 * The owner publishes, opens 'New version', edits it, publishes version 2 and sees both in the editor's
 * Versions panel and 'v2' on the dashboard; a recipient of an unpinned link reads version 2 of 2.
 */
test.describe("versions", () => {
  test("New version → edit → publish v2; both listed, the dashboard shows v2, an unpinned link shows 'Version 2 of 2'", async ({
    page,
    browser,
    baseURL,
    createUser,
    loginAs,
  }) => {
    test.slow(); // a whole journey: publish, new version, edit, publish again, the dashboard and a recipient
    const owner = await createUser();
    await loginAs(page, owner);
    const created = await page.request.post("/api/ideas", { data: { title: "Solar Kettle", content: "<p>Boil with sunlight.</p>" } });
    expect(created.status(), await created.text()).toBe(201);
    const { id: ideaId } = (await created.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${ideaId}/publish`)).status()).toBe(200);
    const share = await createShare(page.request, { ideaId, shareType: "full-access" });

    await page.goto(`/editor/${ideaId}`);
    const panel = page.getByRole("region", { name: "Versions" });
    await expect(panel.locator("[data-version='1']")).toContainText("v1 · published");
    await expect(panel.getByRole("button", { name: "Download evidence pack" })).toBeVisible();
    await panel.getByRole("button", { name: "New version" }).click();

    // The draft opens for editing, starting from version 1.
    await expect(page).toHaveURL(new RegExp(`/editor/${ideaId}/versions/2$`));
    await expect(page.getByRole("heading", { name: /Version 2 · Draft/ })).toBeVisible();
    const title = page.getByRole("textbox", { name: "Idea title" });
    await expect(title).toHaveValue("Solar Kettle");
    await title.fill("Solar Kettle II");
    const content = page.getByRole("textbox", { name: "Idea content" });
    await expect(content).toContainText("Boil with sunlight.");
    await content.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Now with mirrors.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await page.getByRole("button", { name: "Publish" }).click();

    // Back on the idea: both versions, newest first, each with its proof state.
    await expect(page).toHaveURL(new RegExp(`/editor/${ideaId}$`));
    await expect(panel.locator("li[data-version]")).toHaveCount(2);
    await expect(panel.locator("li[data-version]").first()).toHaveAttribute("data-version", "2");
    await expect(panel.locator("[data-version='2']")).toContainText("v2 · published");
    await expect(panel.locator("[data-version='2'] [data-timestamp-status]")).toBeVisible();
    await expect(panel.locator("[data-version='1'] [data-timestamp-status]")).toBeVisible();

    // Version 1 stays readable, read-only.
    await panel.getByRole("link", { name: /^v1 · published/ }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/${ideaId}/versions/1$`));
    await expect(page.getByText("This version has been published and is read-only.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveValue("Solar Kettle");
    await expect(page.getByRole("textbox", { name: "Idea title" })).toBeDisabled();

    await page.goto("/dashboard");
    const card = page.locator("[data-testid='idea-version']");
    await expect(card).toHaveCount(1);
    await expect(card).toHaveText("v2");

    // A recipient of the (unpinned) link reads the latest version.
    await readAsRecipient(browser, baseURL, share.accessLink, async (reader) => {
      await expect(reader.getByRole("heading", { level: 1, name: "Solar Kettle II" })).toBeVisible();
      await expect(reader.getByTestId("version-line")).toHaveText(/^Version 2 of 2 · published \S+/);
    });
  });

  test("a link created with 'Stay on version 1' keeps showing version 1 after version 2 is published", async ({ page, browser, baseURL, createUser, loginAs }) => {
    await loginAs(page, await createUser());
    const created = await page.request.post("/api/ideas", { data: { title: "Wind Umbrella", content: "<p>First cut.</p>" } });
    const { id: ideaId } = (await created.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${ideaId}/publish`)).status()).toBe(200);

    await page.goto(`/share/${ideaId}`);
    await page.getByRole("radio", { name: "Full access (unlimited views)" }).check();
    await page.getByRole("switch", { name: "Stay on version 1" }).click();
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/shares");
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    expect((await posted).postDataJSON()).toMatchObject({ ideaId, shareType: "full-access", pinVersion: true });
    await expect(page.getByText("Stays on v1")).toBeVisible();
    const [share] = (await (await page.request.get(`/api/ideas/${ideaId}/shares`)).json()) as { accessLink: string; pinnedVersion: number }[];
    expect(share.pinnedVersion).toBe(1);

    // Version 2 is published through the owner's own calls.
    expect((await page.request.post(`/api/ideas/${ideaId}/versions`)).status()).toBe(201);
    expect((await page.request.put(`/api/ideas/${ideaId}/versions/2`, { data: { title: "Wind Umbrella II", content: "<p>Second cut.</p>" } })).status()).toBe(200);
    expect((await page.request.put(`/api/ideas/${ideaId}/publish`)).status()).toBe(200);

    await readAsRecipient(browser, baseURL, share.accessLink, async (reader) => {
      await expect(reader.getByRole("heading", { level: 1, name: "Wind Umbrella" })).toBeVisible();
      await expect(reader.getByTestId("version-line")).toHaveText(/^Version 1 of 2 · published \S+/);
      await expect(reader.getByText("First cut.")).toBeVisible();
    });
  });
});
