import type { APIRequestContext } from "@playwright/test";
import { test, expect, uploadPdf } from "./api-helpers";
import { agree, createShare, newVisitor } from "./sharing-helpers";
import { applyLeakSteps, deckPdf, seededRandom } from "../lib/domain/reader/leak-attacks";

/**
 * 'Trace a leaked page' on the owner's share screen, against the production build: a page a recipient received,
 * with its visible mark thresholded away and re-encoded as JPEG, names that recipient; the owner's own unmarked
 * page names no one.
 */

test.describe("tracing a leaked page", () => {
  test("the owner uploads a treated page image and sees whose view it comes from", async ({ page, createUser, loginAs, playwright, baseURL }) => {
    test.slow(); // a deck drawn for a reader and the owner, and two traces (each a search over every page and scale)
    const owner = await createUser({ name: "Olivia Owner" });
    await loginAs(page, owner);
    const title = `Leaky deck ${Date.now().toString(36)}`;
    const upload = await uploadPdf(page.request, { name: "deck.pdf", buffer: await deckPdf() }, title);
    expect(upload.status(), await upload.text()).toBe(201);
    const ideaId = ((await upload.json()) as { id: number }).id;
    expect((await page.request.put(`/api/ideas/${ideaId}/publish`)).status()).toBe(200);
    const share = await createShare(page.request, { ideaId, shareType: "full-access" });

    // The recipient opens the deck and keeps page 2 as the reader drew it for them.
    const contexts: APIRequestContext[] = [];
    let leaked: Buffer;
    try {
      const reader = await newVisitor(playwright, baseURL, contexts);
      await agree(reader, share.accessLink, { name: "Rita Reader", email: "rita@example.com" });
      expect((await reader.get(`/api/share/${share.accessLink}`)).status()).toBe(200);
      const served = await reader.get(`/api/share/${share.accessLink}/pages/2?width=1200`);
      expect(served.status()).toBe(200);
      leaked = await applyLeakSteps(await served.body(), [{ kind: "threshold", level: 190 }, { kind: "jpeg", quality: 70 }], seededRandom(29));
    } finally {
      for (const c of contexts) await c.dispose();
    }

    await page.goto(`/share/${ideaId}`);
    await page.getByRole("button", { name: "Trace a leaked page" }).click();
    const dialog = page.getByRole("dialog", { name: "Trace a leaked page" });
    await dialog.getByLabel("Page image").setInputFiles({ name: "leak.jpg", mimeType: "image/jpeg", buffer: leaked });
    await dialog.getByRole("button", { name: "Trace", exact: true }).click();
    const readers = dialog.getByRole("list", { name: "Readers this image comes from" });
    await expect(readers).toBeVisible({ timeout: 30_000 });
    await expect(readers.getByRole("listitem")).toHaveCount(1);
    await expect(readers.getByRole("listitem").first()).toContainText("Rita Reader");
    await expect(readers.getByRole("listitem").first()).toContainText("rita@example.com");

    // The owner's own copy of page 1 carries no reader's code.
    const unmarked = await page.request.get(`/api/ideas/${ideaId}/pages/1?width=1200`);
    expect(unmarked.status()).toBe(200);
    await dialog.getByLabel("Page image").setInputFiles({ name: "page-1.webp", mimeType: "image/webp", buffer: await unmarked.body() });
    await dialog.getByRole("button", { name: "Trace", exact: true }).click();
    await expect(dialog.getByText("No reader matches this image")).toBeVisible({ timeout: 30_000 });
    await expect(readers).toHaveCount(0);
  });
});
