import type { Page } from "@playwright/test";
import { test, expect, makePdf, uploadPdf, type Creator } from "./api-helpers";
import { readOutbox } from "./fixtures";
import { createShare } from "./sharing-helpers";

/**
 * 'Preview as recipient' (from the editor and per link on the share screen), and the recipient's
 * end screens, stale error toasts, the one-row cookie banner, and the timestamp panel's words.
 */

const BANNER = "Preview — this is what a recipient sees. Nothing is recorded.";
const HTML = "<h2>Launch plan</h2><p>The secret ingredient is <strong>cardamom</strong>.</p>";

async function draft(owner: Creator, title: string) {
  const res = await owner.api.post("/api/ideas", { data: { title, content: HTML } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Nothing a recipient's visit leaves behind: no activity but the links themselves, no views, no recipients, no mail. */
async function expectNothingRecorded(owner: Creator, ideaId: number) {
  const activity = (await (await owner.api.get(`/api/ideas/${ideaId}/activity`)).json()) as { events: { type: string }[] };
  expect(activity.events.map((e) => e.type).filter((t) => t !== "link_created")).toEqual([]);
  const shares = (await (await owner.api.get(`/api/ideas/${ideaId}/shares`)).json()) as { id: string; viewCount: number }[];
  for (const share of shares) {
    expect(share.viewCount).toBe(0);
    expect(await (await owner.api.get(`/api/shares/${share.id}/recipients`)).json()).toEqual([]);
  }
  // No owner notification (first view, agreement) was sent either.
  expect((await readOutbox(owner.user.email)).filter((m) => /view|agree|opened|read|NDA/i.test(m.subject)).map((m) => m.subject)).toEqual([]);
}

const watermark = (page: Page) => page.locator("[data-watermark]").first();

test.describe("preview as recipient", () => {
  test("from the editor: a saved draft in the recipient's reader, the owner's name marked 'Preview', nothing recorded", async ({ page, newCreator, loginAs }) => {
    const owner = await newCreator();
    const id = await draft(owner, "Solar Kettle");
    await loginAs(page, owner.user);
    await page.goto(`/editor/${id}`);
    await page.getByRole("link", { name: "Preview as recipient" }).click();
    await expect(page).toHaveURL(new RegExp(`/share/${id}/preview\\?from=editor$`));
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(page.getByText("A new link with the default settings — no download · screen shield off · agreement asked first.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Solar Kettle" })).toBeVisible();
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
    await expect(watermark(page)).toContainText(`${owner.user.name} (Preview) · ${owner.user.email} ·`);
    await expect(page.getByText(`Document shared by ${owner.user.name}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Download", exact: true })).toHaveCount(0);

    // Close shows the recipient's end screen; the banner leads back to the editor.
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("dialog", { name: "Close Document" }).getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByText(`You closed 'Solar Kettle' shared by ${owner.user.name}.`)).toBeVisible();
    await page.getByRole("link", { name: "Back to the editor" }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}$`));
    await expectNothingRecorded(owner, id);
  });

  test("from a new version's editor: the draft as a new link will show it once published, unsaved changes saved first", async ({ page, newCreator, loginAs }) => {
    const owner = await newCreator();
    const id = await draft(owner, "Solar Kettle");
    expect((await owner.api.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    expect((await owner.api.post(`/api/ideas/${id}/versions`)).status()).toBe(201);
    await loginAs(page, owner.user);
    await page.goto(`/editor/${id}/versions/2`);
    const title = page.getByRole("textbox", { name: "Idea title" });
    await title.fill("Solar Kettle II");
    const saved = page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname === `/api/ideas/${id}/versions/2`);
    await page.getByRole("link", { name: "Preview as recipient" }).click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/share/${id}/preview\\?version=2&from=editor$`));
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Solar Kettle II" })).toBeVisible();
    await expect(page.getByTestId("version-line")).toHaveText("Version 2 of 2");
    await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
    await expect(watermark(page)).toContainText(`${owner.user.name} (Preview) · ${owner.user.email} ·`);
    await page.getByRole("link", { name: "Back to the editor" }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}/versions/2$`));
    await expect(title).toHaveValue("Solar Kettle II");
    // Links still show version 1 meanwhile, and the preview recorded nothing.
    await page.goto(`/share/${id}/preview`);
    await expect(page.getByRole("heading", { level: 1, name: "Solar Kettle" })).toBeVisible();
    await expect(page.getByTestId("version-line")).toHaveText(/^Version 1 of 1 · published \S+/);
    await expectNothingRecorded(owner, id);
  });

  test("from the share screen, per link: the link's settings (download, screen shield); a PDF's pages on the owner's path", async ({ page, newCreator, loginAs }) => {
    const owner = await newCreator();
    const upload = await uploadPdf(owner.api, { name: "Blueprint.pdf", buffer: makePdf("Blueprint") }, "Blueprint");
    expect(upload.status()).toBe(201);
    const id = ((await upload.json()) as { id: number }).id;
    expect((await owner.api.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    const share = await createShare(owner.api, { ideaId: id, shareType: "one-time", allowDownload: true, screenShield: true });
    await loginAs(page, owner.user);
    await page.goto(`/share/${id}`);
    await page.getByRole("link", { name: "Preview as recipient: One-time view" }).click();
    await expect(page).toHaveURL(new RegExp(`/share/${id}/preview\\?share=${share.id}$`));
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(page.locator("[data-slot=preview-settings]")).toHaveText("Link: One-time view — download allowed · screen shield on · agreement asked first.");
    await expect(page.getByText("One-time view", { exact: true }).last()).toBeVisible();
    await expect(page.getByRole("button", { name: "Download", exact: true })).toBeVisible();
    await expect(page.locator("[data-slot=screen-shield]")).toHaveCount(1);
    // The page images come from the owner's own preview path (marked '(Preview)' by the server), never a share token.
    const img = page.getByRole("img", { name: "Page 1 of 1", exact: true });
    // The first page list of a PDF parses the file on the server: slow on a loaded machine.
    await expect(img).toBeVisible({ timeout: 30_000 });
    await expect(img).toHaveAttribute("src", `/api/ideas/${id}/preview/${share.id}/pages/1?width=800`);
    const pageImage = await page.request.get(`/api/ideas/${id}/preview/${share.id}/pages/1?width=800`);
    expect(pageImage.status()).toBe(200);
    expect(pageImage.headers()["content-type"]).toContain("image/webp");

    await page.getByRole("link", { name: "Back to sharing" }).click();
    await expect(page).toHaveURL(new RegExp(`/share/${id}$`));
    await expectNothingRecorded(owner, id);
  });

  test("the owner's alone: another creator gets a 404, a signed-out visitor the login", async ({ page, newCreator, loginAs }) => {
    const owner = await newCreator();
    const id = await draft(owner, "Private Plan");
    const share = await createShare(owner.api, { ideaId: id, shareType: "full-access" });
    const stranger = await newCreator();
    const signedOut = await page.goto(`/share/${id}/preview`);
    await expect(page).toHaveURL(/\/login/);
    expect(signedOut?.status()).toBe(200);
    await loginAs(page, stranger.user);
    for (const url of [`/share/${id}/preview`, `/share/${id}/preview?share=${share.id}`]) {
      const res = await page.goto(url);
      expect(res?.status()).toBe(404);
      await expect(page.getByText("cardamom")).toHaveCount(0);
      await expect(page.getByText("Private Plan")).toHaveCount(0);
    }
    expect((await stranger.api.get(`/api/ideas/${id}/preview/${share.id}/pages`)).status()).toBe(404);
  });
});

test.describe("recipient polish", () => {
  test("an error toast about a step the recipient has left is dismissed", async ({ page, newCreator }) => {
    const owner = await newCreator();
    const id = await draft(owner, "Allow-listed");
    expect((await owner.api.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    const share = await createShare(owner.api, { ideaId: id, shareType: "full-access", allowedDomains: ["example.com"] });
    await page.goto(`/view/${share.accessLink}`);
    await page.getByLabel("Name", { exact: true }).fill("Eve Outsider");
    await page.getByLabel("Email", { exact: true }).fill("eve@outside.org");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    const toast = page.locator("[data-sonner-toast]", { hasText: "Failed to submit your information. Please try again." });
    await expect(toast).toBeVisible();
    // The pointer rests on the toast, which pauses its own timer: only the step change can take it away.
    await toast.hover();
    await page.getByLabel("Email", { exact: true }).fill("ivy@example.com");
    await page.getByLabel("Email", { exact: true }).press("Enter");
    await expect(page.getByText("We sent a 6-digit code to")).toBeVisible({ timeout: 15_000 });
    await expect(toast).toHaveCount(0);
  });
});
