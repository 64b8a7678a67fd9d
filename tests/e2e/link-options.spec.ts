import { test, expect } from "./fixtures";
import { expectJson, makePdf, uploadPdf } from "./api-helpers";
import { agree } from "./sharing-helpers";

/** Link options on the share screen, and page images from the production server (pdfjs, canvas, sharp). */

test.describe("link options and page images", () => {
  test("the owner switches on 'Allow download' and 'Screen shield'; the list shows them; a recipient reads page images", async ({
    page,
    createUser,
    loginAs,
    playwright,
    baseURL,
  }) => {
    const user = await createUser();
    await loginAs(page, user);
    const created = await expectJson(await uploadPdf(page.request, { name: "plan.pdf", buffer: makePdf("Reader pages") }, "Reader plan"), 201);
    await page.goto(`/share/${created.id}`);

    // Both off by default, each with its hint.
    const download = page.getByRole("switch", { name: "Allow download" });
    const shield = page.getByRole("switch", { name: "Screen shield" });
    await expect(download).toHaveAttribute("aria-checked", "false");
    await expect(shield).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText(/Off: they read page images only\./)).toBeVisible();
    await expect(page.getByText(/Blurs the document when the window loses focus/)).toBeVisible();

    await page.getByRole("radio", { name: "Full access (unlimited views)", exact: true }).click();
    const plainPost = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    const plainResponse = await plainPost;
    expect(plainResponse.request().postDataJSON()).toMatchObject({ allowDownload: false, screenShield: false });
    const plain = (await plainResponse.json()) as { id: string };

    await download.click();
    await shield.click();
    await expect(download).toHaveAttribute("aria-checked", "true");
    const post = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
    await page.getByRole("button", { name: "Generate Share Link" }).click();
    const response = await post;
    expect(response.request().postDataJSON()).toMatchObject({ allowDownload: true, screenShield: true });
    const share = (await response.json()) as { id: string; accessLink: string; allowDownload: boolean; screenShield: boolean };
    expect(share).toMatchObject({ allowDownload: true, screenShield: true });

    const list = page.getByRole("list", { name: "Active Share Links" });
    const optioned = list.locator(`[data-share-id="${share.id}"]`);
    await expect(optioned.getByText("Download allowed", { exact: true })).toBeVisible();
    await expect(optioned.getByText("Screen shield", { exact: true })).toBeVisible();
    const plainItem = list.locator(`[data-share-id="${plain.id}"]`);
    await expect(plainItem).toBeVisible();
    await expect(plainItem.getByText("Download allowed")).toHaveCount(0);
    await expect(plainItem.getByText("Screen shield")).toHaveCount(0);

    // A recipient on the production server: the page list and a marked WebP page (the renderer loads there).
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      await agree(visitor, share.accessLink);
      const shared = await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200);
      expect(shared).toMatchObject({ allowDownload: true, screenShield: true, idea: { content: { type: "pdf" } } });
      expect(await expectJson(await visitor.get(`/api/share/${share.accessLink}/pages`), 200)).toMatchObject({ pageCount: 1, pages: [{ n: 1 }] });
      const image = await visitor.get(`/api/share/${share.accessLink}/pages/1?width=800`);
      expect(image.status(), await image.text().catch(() => "")).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/webp");
      expect(image.headers()["cache-control"]).toMatch(/^private, no-store/);
      const bytes = await image.body();
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(bytes.length).toBeLessThan(250 * 1024);
      expect((await visitor.get(`/api/share/${share.accessLink}/pages/2`)).status()).toBe(404);
      // The owner's unmarked preview.
      const preview = await page.request.get(`/api/ideas/${created.id}/pages/1?width=800`);
      expect(preview.status()).toBe(200);
      expect((await preview.body()).equals(bytes)).toBe(false);
    } finally {
      await visitor.dispose();
    }
  });
});
