import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, seenToasts, holdRequests } from "./fixtures";
import { makePdf } from "./api-helpers";

/** Spec: "redirect after upload 1500 ms". */
const REDIRECT_DELAY_MS = 1_500;

const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const section = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
const pdfInput = (page: Page) => page.locator("input[type=file][accept*='pdf']");

type Idea = { id: number; title: string; status: string };

async function createIdeaViaApi(page: Page, title: string): Promise<Idea> {
  const res = await page.request.post("/api/ideas", { data: { title, content: "<p>Body</p>" } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function listIdeaIds(page: Page): Promise<number[]> {
  const res = await page.request.get("/api/ideas");
  expect(res.status()).toBe(200);
  return ((await res.json()) as Idea[]).map((i) => i.id);
}

test.describe("idea portfolio", () => {
  test("the page arrives with the lists: no second round trip for ideas or assets, and a write refreshes them", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const kettle = await createIdeaViaApi(page, "Solar kettle");
    const listCalls: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === "GET" && (path === "/api/ideas" || path === "/api/assets")) listCalls.push(path);
    });
    await page.goto("/dashboard");
    // Server-rendered: the card is in the HTML the page arrived with.
    await expect(section(page, "Drafts").getByRole("heading", { name: `Idea (${kettle.id}) : Solar kettle` })).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
    // Once the search filters (the page's script runs), still no list was fetched.
    const search = page.getByRole("searchbox", { name: "Search ideas" });
    await search.fill("zzz");
    await expect(section(page, "Drafts").getByText("No drafts match “zzz”")).toBeVisible();
    await search.fill("");
    expect(listCalls).toEqual([]);

    // A delete invalidates the list: it is fetched again and the card goes.
    const refetched = page.waitForRequest((r) => r.method() === "GET" && new URL(r.url()).pathname === "/api/ideas");
    await section(page, "Drafts").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await refetched;
    await expect(section(page, "Drafts").getByText("No drafts yet")).toBeVisible();
  });

  test("search by title or number, filter by status, sort by date or title", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const kettle = await createIdeaViaApi(page, "Solar kettle");
    const cafe = await createIdeaViaApi(page, "Café robot");
    const umbrella = await createIdeaViaApi(page, "Wind umbrella");
    expect((await page.request.put(`/api/ideas/${umbrella.id}/publish`)).status()).toBe(200);

    await page.goto("/dashboard");
    const drafts = section(page, "Drafts");
    const cardTitles = (region: ReturnType<typeof section>) => region.getByRole("listitem").getByRole("heading");
    // Newest first: the last draft created leads.
    await expect(cardTitles(drafts)).toHaveText([`Idea (${cafe.id}) : Café robot`, `Idea (${kettle.id}) : Solar kettle`]);

    const search = page.getByRole("searchbox", { name: "Search ideas" });
    await search.fill("cafe");
    await expect(cardTitles(drafts)).toHaveText([`Idea (${cafe.id}) : Café robot`]);
    await expect(section(page, "Published").getByText("No published ideas match “cafe”")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "ideas shown" }).or(page.getByRole("status").filter({ hasText: "idea shown" }))).toHaveText("1 idea shown");

    await search.fill(String(umbrella.id));
    await expect(cardTitles(section(page, "Published"))).toHaveText([`Idea (${umbrella.id}) : Wind umbrella`]);

    await search.fill("");
    await page.getByLabel("Status").selectOption({ label: "Published" });
    await expect(section(page, "Drafts")).toHaveCount(0);
    await expect(cardTitles(section(page, "Published"))).toHaveText([`Idea (${umbrella.id}) : Wind umbrella`]);

    await page.getByLabel("Status").selectOption({ label: "Drafts" });
    await expect(section(page, "Published")).toHaveCount(0);
    await page.getByLabel("Sort").selectOption({ label: "Oldest first" });
    await expect(cardTitles(drafts)).toHaveText([`Idea (${kettle.id}) : Solar kettle`, `Idea (${cafe.id}) : Café robot`]);
    await page.getByLabel("Status").selectOption({ label: "All ideas" });
    await page.getByLabel("Sort").selectOption({ label: "Title A–Z" });
    await expect(cardTitles(drafts)).toHaveText([`Idea (${cafe.id}) : Café robot`, `Idea (${kettle.id}) : Solar kettle`]);
    await expect(page.locator("footer")).toContainText("Current time");
  });

  test("empty states, header greeting and avatar, account menu and 'Start from scratch'", async ({ page, createUser, loginAs }) => {
    const first = `Zed${crypto.randomBytes(2).toString("hex")}`;
    const user = await createUser({ name: `${first} Example` });
    await loginAs(page, user);
    await page.goto("/dashboard");

    await expect(page.getByRole("heading", { name: "Idea Portfolio", level: 1 })).toBeVisible();
    await expect(page.getByText(`Hi ${first}`, { exact: true })).toBeVisible();
    const account = page.getByRole("button", { name: "Account" });
    await expect(account.locator("[data-slot=avatar-fallback]")).toHaveText("Z");

    await expect(page.getByRole("heading", { name: "+ File an Idea" })).toBeVisible();
    await expect(page.getByText("Start drafting a new idea or drop a PDF file")).toBeVisible();
    await expect(section(page, "Drafts").getByText("No drafts yet")).toBeVisible();
    await expect(section(page, "Published").getByText("No published ideas yet")).toBeVisible();
    const assets = section(page, /^My Assets/);
    await expect(assets.getByRole("heading")).toHaveText(/My Assets\s*\(0\)/);
    await expect(assets.getByText("No assets uploaded yet")).toBeVisible();
    await expect(section(page, "Shared with me").getByText("No shared ideas yet")).toBeVisible();
    await expect(page.getByText("Blockchain timestamp")).toBeVisible();

    // Account menu → Profile Settings.
    await account.click();
    await page.getByRole("menuitem", { name: "Profile Settings" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();

    // 'Start from scratch' → /editor/new.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Start from scratch" }).click();
    await expect(page).toHaveURL(/\/editor\/new$/);
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveValue("My New Idea");
  });

  test("draft and published cards: title format, editor and share links, delete only on drafts", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const draft = await createIdeaViaApi(page, "Solar kettle");
    const pub = await createIdeaViaApi(page, "Wind umbrella");
    const published = await page.request.put(`/api/ideas/${pub.id}/publish`);
    expect(published.status(), await published.text()).toBe(200);

    await page.goto("/dashboard");
    const drafts = section(page, "Drafts");
    const publishedSection = section(page, "Published");
    const draftLink = drafts.getByRole("link", { name: `Idea (${draft.id}) : Solar kettle`, exact: true });
    await expect(draftLink).toHaveAttribute("href", `/editor/${draft.id}`);
    await expect(drafts.getByRole("listitem")).toHaveCount(1);
    await expect(drafts.getByRole("link", { name: "Share" })).toHaveAttribute("href", `/share/${draft.id}`);
    await expect(drafts.getByRole("button", { name: "Delete" })).toHaveCount(1);
    await expect(drafts.getByText("Wind umbrella")).toHaveCount(0);
    // The card date: the short date of lastModified (a draft has no blockchain timestamp yet).
    const today = await page.evaluate(() => new Date().toLocaleDateString());
    await expect(drafts.getByRole("listitem").locator("time")).toHaveText(today);
    await expect(drafts.getByRole("listitem")).toContainText("Draft");

    const pubLink = publishedSection.getByRole("link", { name: `Idea (${pub.id}) : Wind umbrella`, exact: true });
    await expect(pubLink).toHaveAttribute("href", `/editor/${pub.id}`);
    await expect(publishedSection.getByRole("link", { name: "Share" })).toHaveAttribute("href", `/share/${pub.id}`);
    await expect(publishedSection.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(page.getByText("No drafts yet")).toHaveCount(0);
    await expect(page.getByText("No published ideas yet")).toHaveCount(0);

    await draftLink.click();
    await expect(page).toHaveURL(new RegExp(`/editor/${draft.id}$`));
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveValue("Solar kettle");

    await page.goto("/dashboard");
    await section(page, "Published").getByRole("link", { name: `Idea (${pub.id}) : Wind umbrella` }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/${pub.id}$`));
    await expect(page.getByRole("link", { name: "Share It" })).toBeVisible();

    await page.goto("/dashboard");
    await section(page, "Drafts").getByRole("link", { name: "Share" }).click();
    await expect(page).toHaveURL(new RegExp(`/share/${draft.id}$`));
  });

  test("deleting a draft asks for confirmation; Cancel keeps it, Delete removes it", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const keep = await createIdeaViaApi(page, "Keep me");
    const doomed = await createIdeaViaApi(page, "Doomed draft");

    await page.goto("/dashboard");
    const drafts = section(page, "Drafts");
    const card = drafts.getByRole("listitem").filter({ hasText: `Idea (${doomed.id}) : Doomed draft` });
    await expect(drafts.getByRole("listitem")).toHaveCount(2);

    await card.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText('Are you sure you want to delete "Doomed draft"? This action cannot be undone.');
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();
    expect(await listIdeaIds(page)).toContain(doomed.id);

    await card.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toContainText('Are you sure you want to delete "Doomed draft"?');
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).filter({ hasText: "Idea deleted successfully!" })).toBeVisible();
    await expect(toasts(page).filter({ hasText: "Idea deleted successfully!" })).toContainText("Success");
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(drafts.getByRole("listitem")).toHaveCount(1);
    await expect(drafts.getByRole("link", { name: `Idea (${keep.id}) : Keep me` })).toBeVisible();
    const ids = await listIdeaIds(page);
    expect(ids).not.toContain(doomed.id);
    expect(ids).toContain(keep.id);
  });

  test("'Upload PDF' turns a PDF into an idea and opens it in the editor", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    // The page's clock is ours: the redirect 1.5 s after the toast then happens when the test moves time on, not
    // while a slow machine is still checking what must be visible before it.
    await page.clock.install();
    await page.goto("/dashboard");
    await expect(section(page, "Drafts").getByText("No drafts yet")).toBeVisible();

    // Hold the upload until the uploading state has been seen.
    const upload = await holdRequests(page, "**/api/ideas/pdf");
    const fileName = `Quarterly plan ${crypto.randomBytes(2).toString("hex")}`;
    await expect(page.getByRole("button", { name: "Upload PDF" })).toBeVisible();
    await pdfInput(page).setInputFiles({ name: `${fileName}.pdf`, mimeType: "application/pdf", buffer: makePdf(fileName) });
    await upload.held();
    await expect(page.getByText("Uploading PDF...")).toBeVisible();
    await expect(page.getByText("Please wait while we process your file")).toBeVisible();

    // Stop the clock, then let the upload answer: the redirect timer starts at the stopped time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    upload.release();
    await expect(page.getByText("Uploading PDF...")).toHaveCount(0);
    await page.clock.runFor(1); // sonner adds the toast in a zero-delay timer

    const toast = toasts(page).filter({ hasText: "PDF Uploaded Successfully" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Your PDF has been converted to an idea. Redirecting to editor...");
    // Not redirected at once: the new draft is listed while the redirect is pending. The list refresh settles through
    // zero-delay timers (TanStack Query batches its notifications), so the stopped clock moves 1 ms per look.
    const draft = section(page, "Drafts").getByRole("link", { name: new RegExp(`^Idea \\(\\d+\\) : ${fileName}$`) });
    let waited = 0;
    await expect
      .poll(async () => {
        if (await draft.isVisible()) return true;
        await page.clock.runFor(1);
        waited += 1;
        return false;
      })
      .toBe(true);
    expect(waited).toBeLessThan(REDIRECT_DELAY_MS / 2);
    await page.clock.runFor(REDIRECT_DELAY_MS - 2 - waited);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.runFor(1); // now 1500 ms after the toast
    await page.clock.resume();
    await expect(page).toHaveURL(/\/editor\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    await expect(page.getByRole("heading", { name: `PDF Document: ${fileName}` })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveCount(0);
    const doc = page.getByRole("region", { name: "PDF document" });
    await expect(doc.getByText(`${fileName}.pdf`, { exact: true })).toBeVisible();
    const open = doc.getByRole("link", { name: "Open PDF" });
    await expect(open).toHaveAttribute("href", /^\/api\/files\/[^/]+$/);
    await expect(open).toHaveAttribute("target", "_blank");
    const href = (await open.getAttribute("href"))!;
    await expect(doc.locator("iframe")).toHaveAttribute("src", href);
    await expect(doc.locator("iframe")).toHaveAttribute("title", "PDF viewer");
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");

    await page.goto("/dashboard");
    await expect(section(page, /^My Assets/).getByRole("heading")).toHaveText(/My Assets\s*\(1\)/);
    await expect(section(page, /^My Assets/).getByRole("listitem")).toHaveCount(1);
    await expect(section(page, "Drafts").getByRole("link", { name: `Idea (${id}) : ${fileName}`, exact: true })).toBeVisible();
  });

  test("a non-PDF file is refused with 'Invalid File Type' and nothing is uploaded", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/dashboard");
    await expect(section(page, /^My Assets/).getByText("No assets uploaded yet")).toBeVisible();

    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/ideas/pdf")) uploads.push(r.url());
    });
    await pdfInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
    const toast = toasts(page).filter({ hasText: "Invalid File Type" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Only PDF files are supported at this time");
    // An observation window for something that must not happen (a slow machine can only make it pass, not fail).
    await page.waitForTimeout(300);
    expect(uploads).toEqual([]);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("No drafts yet")).toBeVisible();
    expect(await listIdeaIds(page)).toEqual([]);
    expect((await seenToasts(page)).some((t) => t.includes("PDF Uploaded Successfully"))).toBe(false);
  });
});
