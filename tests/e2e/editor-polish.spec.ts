import type { Page } from "@playwright/test";
import { test, expect, useWorkerAccount, withoutAutosave } from "./fixtures";
import { PNG_1X1, makePdf, uploadPdf } from "./api-helpers";

/** The editor screen's finish: toolbar, saving states, YouTube titles, keyboard and phone use. */

const VIDEO_ID = "dQw4w9WgXcQ";
const IMG = "img:not(.ProseMirror-separator)";

const content = (page: Page) => page.getByRole("textbox", { name: "Idea content" });
const titleField = (page: Page) => page.getByRole("textbox", { name: "Idea title" });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });
const tool = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });
const status = (page: Page) => page.locator("[data-save-status]");
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

async function newIdea(page: Page, title: string, html = "<p>First line of the idea</p>"): Promise<number> {
  const res = await page.request.post("/api/ideas", { data: { title, content: html } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Clicks into the block whose whole text is `text` and puts the caret at its end. */
/**
 * Puts the caret at the end of the line reading `text`, and waits until the editor itself has it there: ProseMirror
 * reads a click's selection on the browser's next selectionchange, which on a busy machine can come after the next key
 * press (a Tab meant for a list item would then be decided on the line clicked before).
 */
async function caretAtEnd(page: Page, text: string) {
  await content(page).locator("p, h1, h2, li", { hasText: new RegExp(`^${text}$`) }).last().click();
  await page.keyboard.press("End");
  await expect(content(page)).toBeFocused();
  await expect
    .poll(() =>
      content(page).evaluate((el) => {
        const { $head } = (el as HTMLElement & { editor: import("@tiptap/core").Editor }).editor.state.selection;
        return $head.parentOffset === $head.parent.content.size ? $head.parent.textContent : null;
      }),
    )
    .toBe(text);
}

async function selectLine(page: Page, text: string) {
  await caretAtEnd(page, text);
  await page.keyboard.press("Shift+Home");
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(text);
}

test.describe("editor polish", () => {
  // Each test makes its own ideas: one signed-in account per worker is enough.
  useWorkerAccount();
  test.beforeEach(async ({ page }) => {
    await page.route(/^https:\/\/(www\.)?youtube(-nocookie)?\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
  });

  test("the server page brings the idea: no GET on load, the spec's GET refreshes after a save", async ({ page }) => {
    await withoutAutosave(page);
    const id = await newIdea(page, "Loaded by the server");
    const gets: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && new URL(r.url()).pathname === `/api/ideas/${id}`) gets.push(r.url());
    });
    await page.goto(`/editor/${id}`);
    await expect(titleField(page)).toHaveValue("Loaded by the server");
    await expect(content(page).locator("p")).toHaveText(["First line of the idea"]);
    expect(gets).toEqual([]);

    await titleField(page).fill("Loaded by the server, renamed");
    const refreshed = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === `/api/ideas/${id}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect((await refreshed).status()).toBe(200);

    // Another creator's idea, or an unknown one, says so (the status stays 200: loading.tsx has already streamed).
    await page.goto("/editor/2147483647");
    await expect(page.getByRole("heading", { name: "Idea not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" }).last()).toHaveAttribute("href", "/dashboard");
  });

  test("Publish asks first: Cancel changes nothing, confirming publishes", async ({ page }) => {
    const id = await newIdea(page, "Worth a timestamp");
    await page.goto(`/editor/${id}`);
    const publish = page.getByRole("button", { name: "Publish" });
    await publish.click();
    const dialog = page.getByRole("alertdialog", { name: "Publish this idea?" });
    await expect(dialog).toContainText("becomes read-only");
    await expect(dialog).toContainText("timestamp");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(publish).toBeFocused(); // focus returns to what opened it
    expect(((await (await page.request.get(`/api/ideas/${id}`)).json()) as { status: string }).status).toBe("draft");

    await publish.click();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused(); // focus moved into the dialog
    await dialog.getByRole("button", { name: "Publish" }).click();
    await expect(toasts(page).filter({ hasText: "Idea published successfully" })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Share It" })).toBeFocused();
    expect(((await (await page.request.get(`/api/ideas/${id}`)).json()) as { status: string }).status).toBe("published");
  });

  test("'Saved' / 'Unsaved changes'; Save only when something changed; Ctrl/Cmd+S saves", async ({ page }) => {
    await withoutAutosave(page);
    const id = await newIdea(page, "Status check");
    await page.goto(`/editor/${id}`);
    const save = page.getByRole("button", { name: "Save Changes" });
    await expect(status(page)).toHaveText("Saved");
    await expect(status(page)).toHaveAttribute("aria-live", "polite");
    await expect(save).toBeDisabled();

    await caretAtEnd(page, "First line of the idea");
    await page.keyboard.type(" and more");
    await expect(status(page)).toHaveText("Unsaved changes");
    await expect(save).toBeEnabled();
    // Undoing back to the saved text is no change at all. ProseMirror groups keys typed within 500 ms into one undo
    // step; on a busy machine the typing above can span several, so undo until the line reads as saved.
    const line = content(page).locator("p", { hasText: /^First line of the idea/ });
    await expect(async () => {
      await page.keyboard.press("ControlOrMeta+z");
      await expect(line).toHaveText("First line of the idea", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(status(page)).toHaveText("Saved");
    await expect(save).toBeDisabled();

    await page.keyboard.type(" typed on");
    await expect(status(page)).toHaveText("Unsaved changes");
    const put = page.waitForRequest((r) => r.method() === "PUT" && new URL(r.url()).pathname === `/api/ideas/${id}`);
    await page.keyboard.press("ControlOrMeta+s");
    await put;
    await expect(toasts(page).filter({ hasText: "Idea updated successfully" })).toBeVisible();
    await expect(status(page)).toHaveText("Saved");
    await expect(save).toBeDisabled();
    const saved = (await (await page.request.get(`/api/ideas/${id}`)).json()) as { content: string };
    expect(saved.content).toContain("First line of the idea typed on");

    // Saved, nothing asks on the way out; coming back with the browser's Back shows the saved text, not the
    // page as the server first rendered it.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}$`));
    await expect(content(page).locator("p")).toHaveText(["First line of the idea typed on"]);
    await expect(status(page)).toHaveText("Saved");

    // A title saved with spaces around it is shown as stored, trimmed, and counts as saved.
    await titleField(page).fill("  Status check, renamed  ");
    await page.keyboard.press("ControlOrMeta+s");
    await expect(titleField(page)).toHaveValue("Status check, renamed");
    await expect(status(page)).toHaveText("Saved");
  });

  test("a PDF idea has no 'Save Changes' (its title is renamed on its own), Publish still asks", async ({ page }) => {
    const res = await uploadPdf(page.request, { name: "plan.pdf", buffer: makePdf("plan") });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const puts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT") puts.push(r.url());
    });
    await page.goto(`/editor/${id}`);
    await expect(page.getByRole("heading", { name: "PDF Document: plan" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    await page.keyboard.press("ControlOrMeta+s"); // no request, and no browser "Save page" either
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("alertdialog", { name: "Publish this idea?" })).toBeVisible();
    expect(puts).toEqual([]);
  });

  test("unsaved edits: Back to Dashboard, the logo and the browser's Back ask first", async ({ page }) => {
    await withoutAutosave(page);
    const id = await newIdea(page, "Guarded");
    await page.goto("/dashboard");
    await page.goto(`/editor/${id}`);
    await titleField(page).fill("Guarded, edited");
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });

    const back = page.getByRole("link", { name: "Back to Dashboard" });
    await back.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toBeHidden();
    await expect(back).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}$`));
    await expect(titleField(page)).toHaveValue("Guarded, edited");

    await page.getByRole("banner").getByRole("link", { name: "IdeaVault" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay" }).click();
    // As a person would, wait until the dialog has closed before going Back: reopening it mid-way through its closing
    // animation (a busy machine stretches it) left the old overlay above the new dialog's buttons.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}$`));

    // The browser's Back: asked too; Stay keeps the edits, Leave goes back.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/editor/${id}$`));
    await expect(titleField(page)).toHaveValue("Guarded, edited");
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(((await (await page.request.get(`/api/ideas/${id}`)).json()) as { title: string }).title).toBe("Guarded");

    // Leave through the logo.
    await page.goto(`/editor/${id}`);
    await titleField(page).fill("Guarded again");
    await page.getByRole("banner").getByRole("link", { name: "IdeaVault" }).click();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Nothing changed: no question.
    await page.goto(`/editor/${id}`);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an emptied text shows 'Start writing your idea...' until something is typed", async ({ page }) => {
    const id = await newIdea(page, "Blank slate");
    await page.goto(`/editor/${id}`);
    await caretAtEnd(page, "First line of the idea");
    await expect(content(page).locator("p.is-editor-empty")).toHaveCount(0);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    const empty = content(page).locator("p.is-editor-empty");
    await expect(empty).toHaveAttribute("data-placeholder", "Start writing your idea...");
    expect(await empty.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Start writing your idea..."');
    await page.keyboard.type("A");
    await expect(content(page).locator("p.is-editor-empty")).toHaveCount(0);
    await expect(content(page).locator("p").first()).toHaveText("A");
  });

  test("typed URLs become links: the URL scanner loads on the text's first focus, not with the page", async ({ page }) => {
    const id = await newIdea(page, "Links as you type");
    await page.goto(`/editor/${id}`);
    await expect(content(page)).toBeVisible();
    const scripts = () => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.includes("/_next/static/")).map((e) => e.name));
    const isScanner = async (url: string) => (await (await page.request.get(url)).text()).includes("linkifyjs: already initialized");
    const loadedBefore = await scripts();
    for (const url of loadedBefore) expect(await isScanner(url), url).toBe(false);

    await caretAtEnd(page, "First line of the idea");
    await expect
      .poll(async () => {
        for (const url of (await scripts()).filter((u) => !loadedBefore.includes(u))) if (await isScanner(url)) return true;
        return false;
      })
      .toBe(true);
    await page.keyboard.type(" see example.com/notes or callto://ada ");
    await expect(content(page).locator('a[href="http://example.com/notes"]')).toHaveText("example.com/notes");
    // A protocol of the editor's own (link-prompt.ts), registered before the scanner had loaded.
    await expect(content(page).locator('a[href="callto://ada"]')).toHaveText("callto://ada");
  });

  test("link popover: applies, typing after a link is plain text, a refused link gives the text its focus back", async ({ page }) => {
    const id = await newIdea(page, "Links", "<p>Read the notes</p><p>Second line</p>");
    await page.goto(`/editor/${id}`);
    const editor = content(page);

    await selectLine(page, "Read the notes");
    await tool(page, "Add link").click();
    const popover = page.getByRole("dialog", { name: "Add link" });
    await expect(popover.getByText("Enter URL")).toBeVisible();
    const input = popover.getByRole("textbox", { name: "Enter URL" });
    await expect(input).toBeFocused();
    await input.fill("https://example.com/notes");
    await input.press("Enter");
    await expect(popover).toBeHidden();
    await expect(editor).toBeFocused();
    await expect(editor.locator("a")).toHaveText(["Read the notes"]);
    await page.keyboard.press("End");
    await page.keyboard.type(" later");
    await expect(editor.locator("p").first()).toHaveText("Read the notes later");
    await expect(editor.locator("a")).toHaveText(["Read the notes"]);

    // With nothing selected the address itself is inserted; what follows is not part of it.
    await caretAtEnd(page, "Second line");
    await page.keyboard.type(" ");
    await tool(page, "Add link").click();
    await input.fill("example.org");
    await input.press("Enter");
    await expect(editor).toBeFocused();
    await page.keyboard.type(" tail");
    await expect(editor.locator("a", { hasText: "http://example.org" })).toHaveText("http://example.org");
    await expect(editor.locator("p").nth(1)).toHaveText("Second line http://example.org tail");

    // A refused scheme: the popover closes, the reason shows as an error toast and the text has its focus back.
    await caretAtEnd(page, "Second line http://example.org tail");
    await tool(page, "Add link").click();
    await input.fill("javascript:alert(1)");
    await input.press("Enter");
    await expect(page.getByText(/^Links may only use http, https/)).toBeVisible();
    await expect(popover).toBeHidden();
    await expect(editor).toBeFocused();
    // The keys that once pressed Undo and then replaced the document now edit the text.
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Third line");
    await expect(editor.locator("p")).toHaveText(["Read the notes later", "Second line http://example.org tail", "Third line"]);
    await expect(editor.locator("a[href^='javascript']")).toHaveCount(0);

    // Cancel does nothing; an empty answer removes the link.
    await caretAtEnd(page, "Read the notes later");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await tool(page, "Add link").click();
    await expect(input).toHaveValue("https://example.com/notes");
    await popover.getByRole("button", { name: "Cancel" }).click();
    await expect(editor).toBeFocused();
    await expect(editor.locator("a")).toHaveCount(2);
    await tool(page, "Add link").click();
    await input.fill("");
    await input.press("Enter");
    await expect(editor).toBeFocused();
    await expect(editor.locator("a")).toHaveText(["http://example.org"]);
  });

  test("video popover: refused, cancelled, then an embed with a title", async ({ page }) => {
    const id = await newIdea(page, "Video");
    await page.goto(`/editor/${id}`);
    const editor = content(page);
    await caretAtEnd(page, "First line of the idea");
    await tool(page, "Add video").click();
    const popover = page.getByRole("dialog", { name: "Add video" });
    const input = popover.getByRole("textbox", { name: "Enter YouTube video URL:" });
    await expect(input).toBeFocused();
    await input.fill("https://example.com/watch?v=dQw4w9WgXcQ");
    await input.press("Enter");
    await expect(page.getByText("Please enter a valid YouTube video URL")).toBeVisible();
    await expect(popover).toBeHidden();
    await expect(editor).toBeFocused();
    await expect(editor.locator("iframe")).toHaveCount(0);

    await tool(page, "Add video").click();
    await input.fill(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
    await popover.getByRole("button", { name: "Apply" }).click();
    await expect(editor).toBeFocused();
    const iframe = editor.locator("div[data-youtube-video] iframe");
    await expect(iframe).toHaveAttribute("title", "YouTube video player");
    await expect(iframe).toHaveAttribute("width", "560");
    await page.keyboard.type("After the video");
    await expect(iframe).toHaveCount(1);
    await expect(editor.locator("p", { hasText: /^After the video$/ })).toHaveCount(1);

    // Saved and shown again, the frame keeps its title.
    await page.keyboard.press("ControlOrMeta+s");
    await expect(status(page)).toHaveText("Saved");
    await page.reload();
    await expect(content(page).locator("iframe")).toHaveAttribute("title", "YouTube video player");
    const saved = (await (await page.request.get(`/api/ideas/${id}`)).json()) as { content: string };
    expect(saved.content).toContain('title="YouTube video player"');
  });

  test("inline code turns off from the toolbar; images are blocks; Tab indents list items", async ({ page }) => {
    const id = await newIdea(page, "Editing", "<p>Some code here</p><p>Before after</p><ul><li><p>One</p></li><li><p>Two</p></li></ul><p>Plain</p>");
    await page.goto(`/editor/${id}`);
    const editor = content(page);

    await selectLine(page, "Some code here");
    await tool(page, "Code").click();
    await expect(editor.locator("code")).toHaveText(["Some code here"]);
    await page.keyboard.press("ArrowLeft"); // a bare cursor inside the code
    await expect(tool(page, "Code")).toBeEnabled();
    await expect(tool(page, "Code")).toHaveAttribute("aria-pressed", "true");
    await tool(page, "Code").click();
    await expect(editor.locator("code")).toHaveCount(0);
    await expect(editor.locator("p").first()).toHaveText("Some code here");

    // An image inserted mid-line splits the paragraph and stands on its own.
    await caretAtEnd(page, "Before after");
    for (let i = 0; i < "after".length; i++) await page.keyboard.press("ArrowLeft");
    const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/upload/image") && r.request().method() === "POST");
    await toolbar(page).locator("input[type=file]").setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG_1X1 });
    expect((await uploaded).status()).toBe(201);
    await expect(editor.locator(IMG)).toHaveCount(1);
    await expect(editor.locator(`p ${IMG}`)).toHaveCount(0);
    await expect(editor.locator(`:scope > ${IMG}`)).toHaveCount(1);
    await expect(editor.locator(`:scope > ${IMG}`)).toHaveCSS("display", "block");
    // The cursor goes on after the image (it is not left selected, where the next key would replace it).
    await expect(editor).toBeFocused();
    await page.keyboard.type("Then ");
    await expect(editor.locator(IMG)).toHaveCount(1);
    await expect(editor.locator("p", { hasText: /^Then after$/ })).toHaveCount(1);

    // Tab in a list indents, Shift+Tab outdents; the first item (nothing to nest under) keeps focus too.
    await caretAtEnd(page, "Two");
    await page.keyboard.press("Tab");
    await expect(editor.locator("ul ul > li")).toHaveText(["Two"]);
    await expect(editor).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(editor.locator("ul ul")).toHaveCount(0);
    await expect(editor.locator("ul > li")).toHaveText(["One", "Two"]);
    await caretAtEnd(page, "One");
    await page.keyboard.press("Tab");
    await expect(editor).toBeFocused();
    await page.keyboard.type("!");
    await expect(editor.locator("ul > li").first()).toHaveText("One!");
    // Outside lists Tab leaves the editor, for keyboard users. Tab is decided on the editor's own selection, which
    // follows a click only once the editor has read it (late on a busy machine): a letter typed at the caret lands in
    // "Plain" and brings the editor's selection there before Tab is pressed.
    await caretAtEnd(page, "Plain");
    await page.keyboard.type(".");
    await expect(editor.locator("p", { hasText: /^Plain\.$/ })).toHaveCount(1);
    await page.keyboard.press("Tab");
    await expect(editor).not.toBeFocused();
  });

  test("the toolbar stays in view on a long idea", async ({ page }) => {
    const long = Array.from({ length: 80 }, (_, i) => `<p>Line ${i + 1}</p>`).join("");
    const id = await newIdea(page, "Long", long);
    await page.goto(`/editor/${id}`);
    await expect(content(page).locator("p")).toHaveCount(80);
    await content(page).locator("p", { hasText: /^Line 80$/ }).scrollIntoViewIfNeeded();
    // Just under the sticky page header (56 px).
    await expect.poll(async () => Math.round((await toolbar(page).boundingBox())?.y ?? -1)).toBe(56);
    await expect(tool(page, "Bold")).toBeInViewport();
  });

  test("phones: one scrollable toolbar row of 44 px targets; desktop keeps 32 px", async ({ page }) => {
    const id = await newIdea(page, "Phone");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/editor/${id}`);
    const buttons = toolbar(page).getByRole("button");
    await expect(tool(page, "Redo")).toBeAttached();
    const boxes = async () =>
      buttons.evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { top: Math.round(r.top), h: r.height, w: r.width }; }));
    // Buttons animate in (tooltips, hover styles): poll until the sizes settle.
    await expect.poll(async () => (await boxes()).every((b) => b.h >= 44 && b.w >= 44)).toBe(true);
    await expect.poll(async () => new Set((await boxes()).map((b) => b.top)).size).toBe(1);
    const scroll = await toolbar(page).evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
    expect(scroll.sw).toBeGreaterThan(scroll.cw);
    // The last button can be scrolled to.
    await tool(page, "Redo").scrollIntoViewIfNeeded();
    await expect(tool(page, "Redo")).toBeInViewport();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await boxes()).every((b) => b.h === 32 && b.w === 32)).toBe(true);
  });

  test("a new idea's first heading follows its title until the heading is edited", async ({ page }) => {
    await page.goto("/editor/new");
    const editor = content(page);
    await expect(titleField(page)).toHaveValue("My New Idea");
    await expect(editor.locator("h1")).toHaveText(["My New Idea"]);
    await expect(status(page)).toHaveText("Not saved yet");
    await titleField(page).fill("Solar kettle");
    await expect(editor.locator("h1")).toHaveText(["Solar kettle"]);
    await titleField(page).fill("");
    await expect(editor.locator("h1")).toHaveText(["My Idea"]);
    await titleField(page).fill("Solar kettle");
    await expect(editor.locator("h1")).toHaveText(["Solar kettle"]);
    // Following the title is not an edit to undo.
    await expect(tool(page, "Undo")).toBeDisabled();

    await caretAtEnd(page, "Solar kettle");
    await page.keyboard.type(" for campers");
    await titleField(page).fill("Solar kettle v2");
    await expect(editor.locator("h1")).toHaveText(["Solar kettle for campers"]);

    await page.getByRole("button", { name: "Create Idea" }).click();
    await expect(page).toHaveURL(/\/editor\/\d+$/);
    await expect(content(page).locator("h1")).toHaveText(["Solar kettle for campers"]);
    await expect(content(page).locator("h2").first()).toHaveText("Problem Statement");
  });

  test("a blank title is shown next to the field, which gets the focus", async ({ page }) => {
    await page.goto("/editor/new");
    await titleField(page).fill("   ");
    await page.getByRole("button", { name: "Create Idea" }).click();
    const message = page.getByText("Please enter a title for your idea", { exact: true }).and(page.locator("#idea-title-error"));
    await expect(message).toBeVisible();
    await expect(toasts(page).filter({ hasText: "Please enter a title for your idea" })).toBeVisible();
    await expect(titleField(page)).toBeFocused();
    await expect(titleField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(titleField(page)).toHaveAttribute("aria-describedby", "idea-title-error");
    await page.keyboard.type("Named");
    await expect(message).toBeHidden();
    await expect(titleField(page)).not.toHaveAttribute("aria-invalid", "true");
  });
});
