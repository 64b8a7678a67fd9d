import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { test, expect, makePdf, uploadPdf, type Creator } from "./api-helpers";
import { readOutbox, uniqueEmail } from "./fixtures";
import { createShare } from "./sharing-helpers";
import { flat, pdfProblems, pdfText } from "../pdf-text";

/**
 * What a recipient receives carries who they are (HTML overlay, canvas marks, PDF burned in by the
 * server), the owner's copy never does, and the NDA certificate reaches the recipient (viewer button, e-mail) and
 * the owner, nobody else.
 */

const SECRET_HTML = "<h2>Launch plan</h2><p>The secret ingredient is <strong>cardamom</strong>.</p>";
const NAME = "Łukasz Дмитрий";

type Shared = { ideaId: number; title: string; token: string; byEmail?: boolean };

async function shareIdea(owner: Creator, options: { pdf?: Buffer; content?: unknown; recipientEmail?: string } = {}): Promise<Shared> {
  const title = `Watermarked ${Date.now().toString(36)}`;
  const res = options.pdf
    ? await uploadPdf(owner.api, { name: `${title}.pdf`, buffer: options.pdf }, title)
    : await owner.api.post("/api/ideas", { data: { title, content: options.content ?? SECRET_HTML } });
  expect(res.status(), await res.text()).toBe(201);
  const ideaId = ((await res.json()) as { id: number }).id;
  expect((await owner.api.put(`/api/ideas/${ideaId}/publish`)).status()).toBe(200);
  // The certificate is mailed only to an address proven by a code: an e-mail link when one is given.
  const share = options.recipientEmail
    ? await createShare(owner.api, { ideaId, shareType: "email", recipientEmail: options.recipientEmail, allowDownload: true })
    : await createShare(owner.api, { ideaId, shareType: "full-access", recipientEmail: null, allowDownload: true });
  return { ideaId, title, token: share.accessLink, byEmail: Boolean(options.recipientEmail) };
}

/** /view → details → agreement → document, through the screens. */
async function reachDocument(page: Page, shared: Shared, email: string) {
  await page.goto(`/view/${shared.token}`);
  await page.getByLabel("Name", { exact: true }).fill(NAME);
  // An e-mail link's form comes with the invited address, locked.
  if (shared.byEmail) await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  else await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  if (shared.byEmail) {
    let code: string | undefined;
    await expect
      .poll(async () => (code = (await readOutbox(email)).find((m) => /verification code/i.test(m.subject))?.text.match(/\b(\d{6})\b/)?.[1]), { timeout: 20_000 })
      .toBeTruthy();
    await page.getByLabel("Verification code", { exact: true }).fill(code!);
    await page.getByRole("button", { name: "Confirm code" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/nda/${shared.token}$`), { timeout: 15_000 });
  await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.getByLabel("Type your full name to sign", { exact: true }).fill(NAME);
  await expect(page.getByRole("button", { name: "I Agree" })).toBeEnabled();
  await page.getByRole("button", { name: "I Agree" }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${shared.token}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
}

/** What the server sent this recipient (a reload inside the view window: same access time, no new view). */
async function payload(page: Page, token: string) {
  const res = await page.request.get(`/api/share/${token}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { watermark: string; ndaId: string; accessedAt: string; idea: { content?: unknown } };
}

test.describe("identity watermarks and the NDA certificate", () => {
  test("HTML idea: the identity line lies across the document; the certificate downloads from the viewer and by e-mail", async ({ page, newCreator, playwright }, testInfo) => {
    const owner = await newCreator();
    const email = uniqueEmail(testInfo, "reader");
    const shared = await shareIdea(owner, { recipientEmail: email });
    await reachDocument(page, shared, email);

    const { watermark, ndaId, accessedAt } = await payload(page, shared.token);
    expect(watermark).toBe(`${NAME} · ${email} · ${accessedAt.slice(0, 16).replace("T", " ")} UTC`);
    const frame = page.locator('[data-slot="html-document-frame"]');
    await expect(frame.getByText("cardamom")).toBeVisible();
    // Repeated over the whole document (one tiled image drawing the identity), inside its box, above it and
    // transparent to the pointer; the overlay's text says what the tiles draw.
    const overlay = frame.locator("[data-watermark]");
    await expect(overlay).toHaveText(watermark);
    const tiles = await overlay.evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, repeat: getComputedStyle(el).backgroundRepeat }));
    expect(tiles.repeat).toBe("repeat");
    const tileSvg = decodeURIComponent(/^url\("data:image\/svg\+xml,(.*)"\)$/.exec(tiles.image)?.[1] ?? "");
    expect(tileSvg).toContain(`>${watermark.replaceAll("&", "&amp;").replaceAll("<", "&lt;")}</text>`);
    await expect(overlay).toHaveAttribute("aria-hidden", "true");
    expect(await overlay.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe("none");
    const [frameBox, overlayBox] = [await frame.boundingBox(), await overlay.boundingBox()];
    expect(overlayBox).toEqual(frameBox);
    await frame.getByText("cardamom").click(); // the overlay does not intercept the pointer

    // The certificate from the viewer.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download NDA certificate" }).click()]);
    expect(download.suggestedFilename()).toBe(`nda-certificate-${ndaId}.pdf`);
    const certificate = flat(pdfText(await fs.readFile((await download.path())!)));
    for (const expected of [NAME, email, shared.title, String(shared.ideaId), ndaId]) expect(certificate).toContain(expected);
    expect(certificate).not.toContain("cardamom");

    // GET /api/ndas/{id}/certificate.pdf: the recipient and the owner; nobody else, and no unknown id.
    const mine = await page.request.get(`/api/ndas/${ndaId}/certificate.pdf`);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-type"]).toBe("application/pdf");
    expect(mine.headers()["content-disposition"]).toContain(`attachment; filename="nda-certificate-${ndaId}.pdf"`);
    expect(mine.headers()["cache-control"]).toContain("no-store");
    const owners = await owner.api.get(`/api/ndas/${ndaId}/certificate.pdf`);
    expect(owners.status()).toBe(200);
    expect(flat(pdfText(await owners.body()))).toContain(email);
    const otherCreator = await newCreator();
    expect((await otherCreator.api.get(`/api/ndas/${ndaId}/certificate.pdf`)).status()).toBe(404);
    const anonymous = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    expect((await anonymous.get(`/api/ndas/${ndaId}/certificate.pdf`)).status()).toBe(404);
    await anonymous.dispose();
    expect((await owner.api.get(`/api/ndas/doesnotexist0000000000000/certificate.pdf`)).status()).toBe(404);

    // The e-mail at acceptance (to the address the code proved) carries it as an attachment.
    type Mail = { subject: string; attachments?: { filename: string; contentType: string; content: string }[] };
    let mail: Mail | undefined;
    await expect
      .poll(async () => {
        mail = ((await readOutbox(email)) as Mail[]).find((m) => m.attachments?.length);
        return mail !== undefined;
      }, { timeout: 20_000, message: "the certificate mail" })
      .toBe(true);
    expect(mail!.attachments![0]).toMatchObject({ filename: `nda-certificate-${ndaId}.pdf`, contentType: "application/pdf" });
    expect(flat(pdfText(Buffer.from(mail!.attachments![0]!.content, "base64")))).toContain(NAME);
    // The local outbox page lists it.
    await page.goto("/dev/outbox");
    await expect(page.getByRole("region", { name: "Attachments" }).filter({ hasText: `nda-certificate-${ndaId}.pdf` })).toBeVisible();
  });

  test("HTML idea: the marks are painted with the document, and no mark is a text candidate for its largest contentful paint", async ({ page, newCreator }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await newCreator();
    const shared = await shareIdea(owner);
    await reachDocument(page, shared, uniqueEmail(testInfo, "lcp"));
    // A fresh load of the reader, recording every LCP candidate from the start.
    await page.addInitScript(() => {
      const w = window as unknown as { lcpInWatermark: boolean[] };
      w.lcpInWatermark = [];
      new PerformanceObserver((list) => {
        // Text candidates only: the tiles themselves are an image that may be one, painted with the document; the
        // marks that held the LCP back were text added by a script after hydration.
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[]) {
          w.lcpInWatermark.push(entry.url === "" && Boolean(entry.element?.closest("[data-watermark]")));
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.reload();
    const frame = page.locator('[data-slot="html-document-frame"]');
    await expect(frame.getByText("cardamom")).toBeVisible();
    // The tiles come with the document's own markup: nothing waits for a script to measure the box first.
    await expect(frame.locator("[data-watermark]")).toHaveAttribute("style", /background-image: url\("data:image\/svg\+xml,/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { lcpInWatermark: boolean[] }).lcpInWatermark.length)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { lcpInWatermark: boolean[] }).lcpInWatermark)).not.toContain(true);
  });

  // The link is verified and the timestamp line fetched after the first paint; the footer waits for both rather than
  // being painted and then pushed down (0.017–0.054 measured, Lighthouse included).
  test("HTML idea on a phone: nothing moves as the idea arrives (the footer is not pushed out of sight)", async ({ page, newCreator }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await newCreator();
    const shared = await shareIdea(owner);
    await reachDocument(page, shared, uniqueEmail(testInfo, "cls"));
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
          w.shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.tagName : String(s.node?.nodeName))) });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.reload();
    await expect(page.locator('[data-slot="html-document-frame"]').getByText("cardamom")).toBeVisible();
    // All of it is there: the timestamp line (with its 'Verify' link), then the footer.
    await expect(page.locator("main").getByRole("link", { name: "Verify", exact: true })).toBeVisible();
    await expect(page.locator('[data-slot="site-footer"]')).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
    expect(shifts.reduce((sum, s) => sum + s.value, 0), JSON.stringify(shifts)).toBeLessThan(0.005);
  });

  test("PDF idea: every served copy carries the recipient's line; the owner's does not", async ({ page, newCreator }, testInfo) => {
    const owner = await newCreator();
    const original = makePdf("Blueprint page one");
    const shared = await shareIdea(owner, { pdf: original });
    const email = uniqueEmail(testInfo, "pdf-reader");
    await reachDocument(page, shared, email);

    // The reader shows page images; the idea's PDF is still addressed by the gated file route.
    await expect(page.getByRole("img", { name: "Page 1 of 1", exact: true })).toBeVisible();
    const { accessedAt, idea } = await payload(page, shared.token);
    const src = (idea.content as { pdfPath: string }).pdfPath;
    expect(src).toMatch(/^\/api\/files\//);
    const served = await page.request.get(src!, { headers: { Range: "bytes=0-99" } });
    expect(served.status()).toBe(200);
    expect(served.headers()["accept-ranges"]).toBeUndefined();
    expect(pdfProblems(await served.body())).toBe("");
    // A new file, not the owner's bytes with the mark appended (a cut at the original's end would remove it).
    expect((await served.body()).subarray(0, original.length).equals(original)).toBe(false);
    const text = flat(pdfText(await served.body()));
    expect(text).toContain("Blueprint page one");
    expect(text).toContain(`Confidential, shared under NDA with ${NAME} <${email}> via IdeaVault · accessed ${accessedAt.slice(0, 16).replace("T", " ")} UTC`);
    const downloaded = await page.request.get(`${src}?download=1`);
    expect(flat(pdfText(await downloaded.body()))).toContain(`<${email}>`);

    const own = await owner.api.get(src!);
    expect(own.status()).toBe(200);
    expect(own.headers()["accept-ranges"]).toBe("bytes");
    expect(Buffer.compare(await own.body(), original)).toBe(0);
  });

  test("canvas idea: the identity line is drawn inside the drawing", async ({ page, newCreator }, testInfo) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner, { content: { elements: [{ type: "rect", x: 0, y: 0, width: 400, height: 300, fill: "#dbeafe" }] } });
    const email = uniqueEmail(testInfo, "canvas-reader");
    await reachDocument(page, shared, email);
    const { watermark } = await payload(page, shared.token);
    const marks = page.locator('[data-slot="canvas-document"] svg [data-watermark] text');
    // The canvas view loads on demand (the recipient pages' JavaScript budget): wait for it before counting.
    await expect(marks.first()).toBeAttached();
    expect(await marks.count()).toBeGreaterThan(2);
    await expect(marks.first()).toHaveText(watermark);
  });
});
