import type { Page } from "@playwright/test";
import { test, expect, NETWORK_4XX, useWorkerAccount, withoutAutosave } from "./fixtures";
import { makePdf, uploadPdf } from "./api-helpers";

/**
 * The creator's editor: autosave, template placeholders, the phone action bar, a PDF idea's title. Each test makes
 * its own ideas, signed in as the worker's account.
 */

const OFFLINE_TEXT = "Offline — changes will be saved when you reconnect";
const TEMPLATE_WARNING = "This idea still contains template text that you have not replaced.";

const content = (page: Page) => page.getByRole("textbox", { name: "Idea content" });
const titleField = (page: Page) => page.getByRole("textbox", { name: "Idea title" });
const status = (page: Page) => page.locator("[data-save-status]");
const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const ideaPath = (id: number) => `/api/ideas/${id}`;

async function newIdea(page: Page, title: string, html = "<p>First line of the idea</p>"): Promise<number> {
  const res = await page.request.post("/api/ideas", { data: { title, content: html } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function stored(page: Page, id: number) {
  return (await (await page.request.get(ideaPath(id))).json()) as { title: string; content: string; status: string };
}

/** Clicks into the paragraph whose text is `text` and puts the caret at its end. */
async function caretAtEnd(page: Page, text: string) {
  await content(page).locator("p", { hasText: new RegExp(`^${text}$`) }).click();
  await page.keyboard.press("End");
  await expect(content(page)).toBeFocused();
}

test.describe("the editor saves itself", () => {
  useWorkerAccount();

  test("a draft autosaves after typing: 'Saving…', then 'Saved', no toast; the reload shows the text", async ({ page }) => {
    test.slow(); // edits, two saves and a reload on a shared machine
    const id = await newIdea(page, "Autosaved");
    // Hold the first autosave until 'Saving…' has been seen (a fast server would otherwise answer before any look).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const puts: string[] = [];
    await page.route(`**${ideaPath(id)}`, async (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      puts.push(route.request().postData() ?? "");
      if (puts.length === 1) await held;
      await route.continue();
    });
    await page.goto(`/editor/${id}`);
    await expect(status(page)).toHaveText("Saved");

    await caretAtEnd(page, "First line of the idea");
    await page.keyboard.type(", typed and kept");
    await expect(status(page)).toHaveText("Saving…");
    release();
    await expect(status(page)).toHaveText("Saved");
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!)).toMatchObject({ title: "Autosaved", content: "<p>First line of the idea, typed and kept</p>" });
    // The status line is the feedback: no success toast for an autosave.
    await expect(toasts(page)).toHaveCount(0);

    // The title saves itself too; a space typed at its end is not eaten while the user goes on typing.
    await titleField(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" draft ");
    // The next timed autosave comes at least 8 s after the last one (the server's write limit).
    await expect(status(page)).toHaveText("Saved", { timeout: 20_000 });
    await expect(titleField(page)).toHaveValue("Autosaved draft ");
    expect((await stored(page, id)).title).toBe("Autosaved draft");

    await page.reload();
    await expect(content(page).locator("p")).toHaveText(["First line of the idea, typed and kept"]);
    await expect(titleField(page)).toHaveValue("Autosaved draft");
    await expect(status(page)).toHaveText("Saved");
  });

  test("closing the tab right after typing saves the edit (sent as the page goes)", async ({ page, context }) => {
    const id = await newIdea(page, "Closed at once");
    await page.goto(`/editor/${id}`);
    await expect(status(page)).toHaveText("Saved");
    await caretAtEnd(page, "First line of the idea");
    await page.keyboard.type(", kept on close");
    // The leave guard asks while the edit is unsaved; the person leaves anyway.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(async () => ((await (await context.request.get(ideaPath(id))).json()) as { content: string }).content, { timeout: 15_000 })
      .toBe("<p>First line of the idea, kept on close</p>");
  });

  test("a refused autosave shows the server's words and keeps the edit guarded", async ({ page }) => {
    const id = await newIdea(page, "Too big");
    const message = "Storage quota exceeded: delete some files or ideas first.";
    await page.route(`**${ideaPath(id)}`, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 413, contentType: "application/json", body: JSON.stringify({ success: false, error: message }) })
        : route.continue(),
    );
    await page.goto(`/editor/${id}`);
    await caretAtEnd(page, "First line of the idea");
    await page.keyboard.type(" and a huge image");
    await expect(status(page)).toHaveText(`Not saved: ${message}`);
    await page.getByRole("banner").getByRole("link", { name: "IdeaVault" }).click();
    await expect(page.getByRole("alertdialog", { name: "Leave without saving?" })).toBeVisible();
  });
});

test.describe("the editor offline", () => {
  // The browser logs the requests it could not make while offline (Next's prefetches).
  // One pattern: a two-element array would read as Playwright's [value, options] pair.
  test.use({ allowedConsoleErrors: [new RegExp(`${NETWORK_4XX.source}|ERR_INTERNET_DISCONNECTED|Failed to fetch`)] });
  useWorkerAccount();

  test("offline: the status says so, the leave guard still asks; back online the edit is saved", async ({ page, context }) => {
    test.slow(); // offline, the guard, back online and a save
    const id = await newIdea(page, "Offline draft");
    await page.goto(`/editor/${id}`);
    await expect(status(page)).toHaveText("Saved");

    // Offline once the editor's code has loaded (it is fetched after the page).
    await caretAtEnd(page, "First line of the idea");
    await context.setOffline(true);
    await page.keyboard.type(" written on a train");
    await expect(status(page)).toHaveText(OFFLINE_TEXT);

    // What could not be saved is guarded.
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}$`));

    await context.setOffline(false);
    await expect(status(page)).toHaveText("Saved");
    expect((await stored(page, id)).content).toBe("<p>First line of the idea written on a train</p>");
    // Saved: nothing asks on the way out.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("template placeholders", () => {
  useWorkerAccount();

  test("sample lines are grey placeholders that go once written in; publishing warns about what is left", async ({ page }) => {
    test.slow(); // create, reload, and publish after a warning
    await page.goto("/editor/new");
    const editor = content(page);
    const firstPain = editor.locator("ul > li > p").first();
    await expect(firstPain).toHaveAttribute("data-template-placeholder", "Pain point 1");
    await expect(firstPain).toHaveText("");
    const look = await firstPain.evaluate((p) => {
      const before = getComputedStyle(p, "::before");
      return { text: before.content, grey: before.color, ink: getComputedStyle(p).color };
    });
    expect(look.text).toBe('"Pain point 1"');
    expect(look.grey).not.toBe(look.ink);

    await firstPain.click();
    await page.keyboard.type("Kettles are slow outdoors");
    await expect(firstPain).not.toHaveAttribute("data-template-placeholder");
    // Emptied again, the line stays empty: the sample does not come back.
    await page.keyboard.press("Shift+Home");
    await page.keyboard.press("Backspace");
    await expect(firstPain).toHaveText("");
    await expect(firstPain).not.toHaveAttribute("data-template-placeholder");
    await page.keyboard.type("Kettles are slow outdoors");
    await expect(firstPain).toHaveText("Kettles are slow outdoors");

    await page.getByRole("button", { name: "Create Idea" }).click();
    await expect(page).toHaveURL(/\/editor\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    // Stored as placeholders (no sample as text), and still placeholders after a reload.
    const saved = await stored(page, id);
    expect(saved.content).toContain("<li><p>Kettles are slow outdoors</p></li>");
    expect(saved.content).toContain('<li><p data-template-placeholder="Pain point 2"></p></li>');
    expect(saved.content).not.toContain(">Pain point 2<");
    await page.reload();
    await expect(content(page).locator("ul > li > p").nth(1)).toHaveAttribute("data-template-placeholder", "Pain point 2");

    const publish = page.getByRole("button", { name: "Publish" });
    await publish.click();
    const dialog = page.getByRole("alertdialog", { name: "Publish this idea?" });
    await expect(dialog).toContainText(TEMPLATE_WARNING);
    await expect(dialog).toContainText("“Describe the problem");
    await dialog.getByRole("button", { name: "Go back" }).click();
    await expect(dialog).toBeHidden();
    expect((await stored(page, id)).status).toBe("draft");

    await publish.click();
    await dialog.getByRole("button", { name: "Publish anyway" }).click();
    await expect(toasts(page).filter({ hasText: "Idea published successfully" })).toBeVisible();
    expect((await stored(page, id)).status).toBe("published");
  });
});

test.describe("phones and PDF ideas", () => {
  useWorkerAccount();

  test("on a 375 px phone 'Save Changes' stays reachable and the toolbar shows that it scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await withoutAutosave(page); // 'Save Changes' is clicked after an edit: it must still have something to save
    const lines = Array.from({ length: 40 }, (_, i) => `<p>Line ${i + 1} of a long idea</p>`).join("");
    const id = await newIdea(page, "Long on a phone", lines);
    await page.goto(`/editor/${id}`);
    const save = page.getByRole("button", { name: "Save Changes" });
    await expect(save).toBeInViewport();

    // At the end of a long text the bar is still there, above the last line.
    await caretAtEnd(page, "Line 40 of a long idea");
    await page.keyboard.type(" (the end)");
    await expect(save).toBeInViewport();
    await expect(page.getByRole("button", { name: "Publish" })).toBeInViewport();
    await save.click();
    await expect(toasts(page).filter({ hasText: "Idea updated successfully" })).toBeVisible();
    expect((await stored(page, id)).content).toContain("<p>Line 40 of a long idea (the end)</p>");

    // The toolbar: one scrolling row that fades where more tools are, and says so to assistive technology.
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await toolbar.scrollIntoViewIfNeeded();
    await expect(toolbar).toHaveAttribute("data-scroll-more", "end");
    await expect(toolbar).toHaveAccessibleDescription("More formatting tools: scroll sideways, or use the arrow keys.");
    // Keyboard: End moves to the last tool, which scrolls into view.
    await toolbar.getByRole("button", { name: "Bold", exact: true }).focus();
    await page.keyboard.press("End");
    const focused = page.locator(":focus");
    await expect(focused).toBeInViewport();
    await expect(toolbar).toHaveAttribute("data-scroll-more", /start|both/);

    // A desktop width has no bar over the page and no fade.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(toolbar).toHaveAttribute("data-scroll-more", "none");
    await expect(toolbar).not.toHaveAttribute("aria-describedby");
  });

  test("a PDF idea's title is renamed before publishing; no 'Save Changes'", async ({ page }) => {
    const res = await uploadPdf(page.request, { name: "plan.pdf", buffer: makePdf("plan") });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`/editor/${id}`);
    await expect(page.getByRole("heading", { name: "PDF Document: plan" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    await page.getByRole("button", { name: "Rename" }).click();
    const field = page.getByRole("textbox", { name: "PDF idea title" });
    await expect(field).toBeFocused();
    await field.fill("   ");
    await expect(page.getByRole("button", { name: "Save title" })).toBeDisabled();
    await field.fill("Business plan 2027");
    const put = page.waitForRequest((r) => r.method() === "PUT" && new URL(r.url()).pathname === ideaPath(id));
    await page.getByRole("button", { name: "Save title" }).click();
    expect((await put).postDataJSON()).toMatchObject({ title: "Business plan 2027", content: { type: "pdf" } });
    await expect(toasts(page).filter({ hasText: "Idea updated successfully" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "PDF Document: Business plan 2027" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rename" })).toBeFocused();
    expect((await stored(page, id)).title).toBe("Business plan 2027");

    await page.reload();
    await expect(page.getByRole("heading", { name: "PDF Document: Business plan 2027" })).toBeVisible();
    // Once published the title is final: no Rename.
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alertdialog", { name: "Publish this idea?" }).getByRole("button", { name: "Publish" }).click();
    await expect(toasts(page).filter({ hasText: "Idea published successfully" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rename" })).toHaveCount(0);
  });
});
