import type { Locator, Page } from "@playwright/test";
import { test, expect, seenToasts, useWorkerAccount, withoutAutosave } from "./fixtures";
import { PNG_1X1 } from "./api-helpers";

const PUBLISHED_NOTICE = "This idea has been published and is now read-only. Published ideas cannot be edited.";
const VIDEO_ID = "dQw4w9WgXcQ";
/** Inserted images (ProseMirror adds its own separator images around inline nodes). */
const IMG = "img:not(.ProseMirror-separator)";

const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const content = (page: Page) => page.getByRole("textbox", { name: "Idea content" });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });
const tool = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });

/** Puts the caret in the block whose whole text is `text`, then selects that line with the keyboard. */
async function selectLine(page: Page, text: string) {
  const block = content(page).locator("p, h1, h2, h3", { hasText: new RegExp(`^${text}$`) });
  await block.click();
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(text);
}

/** Answers the toolbar's inline prompt (the popover of `button`) with `answer`; returns the prompt's text. */
async function answerPrompt(page: Page, button: string, answer: string): Promise<string> {
  await tool(page, button).click();
  const popover = page.getByRole("dialog", { name: button });
  const input = popover.getByRole("textbox");
  await expect(input).toBeFocused();
  const prompt = (await popover.locator("label").textContent()) ?? "";
  await input.fill(answer);
  await input.press("Enter");
  return prompt;
}

/** Every mark and node the main test builds, checked in the ProseMirror DOM. */
async function expectRichContent(editor: Locator) {
  await expect(editor.locator("strong", { hasText: "Bold text" })).toHaveCount(1);
  await expect(editor.locator("em", { hasText: "Italic text" })).toHaveCount(1);
  await expect(editor.locator("s", { hasText: "Struck text" })).toHaveCount(1);
  await expect(editor.locator("code", { hasText: "Code text" })).toHaveCount(1);
  await expect(editor.locator("mark", { hasText: "Highlighted text" })).toHaveCount(1);
  await expect(editor.locator("h1")).toHaveText(["Heading one"]);
  await expect(editor.locator("h2")).toHaveText(["Heading two"]);
  await expect(editor.locator("h3")).toHaveText(["Heading three"]);
  await expect(editor.locator("p", { hasText: /^Back to paragraph$/ })).toHaveCount(1);
  await expect(editor.locator("ul > li")).toHaveText(["Bullet item"]);
  await expect(editor.locator("ol > li")).toHaveText(["Ordered item"]);
  await expect(editor.locator("blockquote")).toHaveText(["Quoted text"]);
  await expect(editor.locator("hr")).toHaveCount(1);

  const link = editor.locator("a", { hasText: "Link here" });
  await expect(link).toHaveAttribute("href", "https://example.com/idea");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");

  const img = editor.locator(IMG);
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute("src", /^\/api\/files\/[^/]+$/);

  const iframe = editor.locator("div[data-youtube-video] iframe");
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute("src", new RegExp(`^https://www\\.youtube(-nocookie)?\\.com/embed/${VIDEO_ID}`));
  await expect(iframe).toHaveAttribute("width", "560");
  await expect(iframe).toHaveAttribute("height", "315");

  const coloured = editor.locator("span[style*='color']", { hasText: "Coloured text" });
  await expect(coloured).toHaveCount(1);
  await expect(coloured).toHaveCSS("color", "rgb(239, 68, 68)");
  // The colour that was reset leaves no coloured span behind.
  await expect(editor.locator("span[style*='color']")).toHaveCount(1);
  await expect(editor.locator("p", { hasText: /^Reset colour text$/ })).toHaveCount(1);
}

test.describe("editor", () => {
  // Each test writes its own idea: one signed-in account per worker is enough.
  useWorkerAccount();
  test.beforeEach(async ({ page }) => {
    // Keep the embedded player offline: answer the YouTube frame locally.
    await page.route(/^https:\/\/(www\.)?youtube(-nocookie)?\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
  });

  test("create an idea using every toolbar group, reload, save, publish", async ({ page }) => {
    test.slow(); // one long journey through the whole toolbar
    await withoutAutosave(page); // 'Save Changes' right after an edit (editor-autosave.spec.ts covers autosave)
    await page.goto("/editor/new");

    // The default template and title.
    const title = page.getByRole("textbox", { name: "Idea title" });
    await expect(title).toHaveValue("My New Idea");
    await expect(title).toHaveAttribute("placeholder", "Enter your idea title...");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    const editor = content(page);
    // The template's first heading is the title (it follows the title while the idea is new).
    await expect(editor.locator("h1")).toHaveText(["My New Idea"]);
    await expect(editor.locator("h2")).toHaveText([
      "Problem Statement", "Solution Overview", "Key Features", "Target Audience", "Implementation Notes", "Next Steps",
    ]);
    // The sample lines are grey placeholders on empty lines, not text.
    await expect(editor.locator("ul > li")).toHaveText(["", "", ""]);
    await expect(editor.locator("ol > li")).toHaveText(["", "", ""]);
    const samples = (list: string) => editor.locator(`${list} > li > p`).evaluateAll((ps) => ps.map((p) => p.getAttribute("data-template-placeholder")));
    expect(await samples("ul")).toEqual(["Pain point 1", "Pain point 2", "Pain point 3"]);
    expect(await samples("ol")).toEqual(["Feature 1", "Feature 2", "Feature 3"]);
    await expect(editor.locator("blockquote")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Create Idea" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);

    // Nothing to undo or redo on a fresh editor.
    await expect(tool(page, "Undo")).toBeDisabled();
    await expect(tool(page, "Redo")).toBeDisabled();

    const ideaTitle = `Toolbar tour ${Date.now()}`;
    await title.fill(ideaTitle);

    // Replace the template with one line per feature.
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await tool(page, "Paragraph").click();
    // The toolbar hands focus back to the editor on the next animation frame: wait before typing.
    await expect(editor).toBeFocused();
    const lines = [
      "Bold text", "Italic text", "Struck text", "Code text", "Highlighted text",
      "Heading one", "Heading two", "Heading three", "Back to paragraph",
      "Bullet item", "Ordered item", "Quoted text", "Link here", "Coloured text", "Reset colour text", "Last line",
    ];
    for (const [i, line] of lines.entries()) {
      if (i > 0) await page.keyboard.press("Enter");
      await page.keyboard.insertText(line); // one input event per line: much faster than key by key
    }
    await expect(editor.locator("p")).toHaveText(lines);
    await expect(tool(page, "Undo")).toBeEnabled();

    // A new undo group starts 500 ms after the last change: bold then undo/redo acts on the bold step only. Time
    // itself is the condition here, and a slow machine only makes the pause longer.
    await page.waitForTimeout(700);
    await selectLine(page, "Bold text");
    await tool(page, "Bold").click();
    await expect(editor.locator("strong", { hasText: "Bold text" })).toHaveCount(1);
    await expect(tool(page, "Bold")).toHaveAttribute("aria-pressed", "true");
    await expect(tool(page, "Redo")).toBeDisabled();
    await tool(page, "Undo").click();
    await expect(editor.locator("strong")).toHaveCount(0);
    await expect(editor.locator("p", { hasText: /^Bold text$/ })).toHaveCount(1); // the typing is kept
    await expect(tool(page, "Redo")).toBeEnabled();
    await tool(page, "Redo").click();
    await expect(editor.locator("strong", { hasText: "Bold text" })).toHaveCount(1);
    await expect(tool(page, "Redo")).toBeDisabled();

    // Marks.
    const marks: [string, string, string][] = [
      ["Italic text", "Italic", "em"],
      ["Struck text", "Strikethrough", "s"],
      ["Code text", "Code", "code"],
      ["Highlighted text", "Highlight", "mark"],
    ];
    for (const [line, button, tag] of marks) {
      await selectLine(page, line);
      await tool(page, button).click();
      await expect(editor.locator(tag, { hasText: line })).toHaveCount(1);
      await expect(tool(page, button)).toHaveAttribute("aria-pressed", "true");
    }

    // Headings and back to a paragraph.
    for (const [line, button, tag] of [
      ["Heading one", "Heading 1", "h1"],
      ["Heading two", "Heading 2", "h2"],
      ["Heading three", "Heading 3", "h3"],
    ] as const) {
      await selectLine(page, line);
      await tool(page, button).click();
      await expect(editor.locator(tag)).toHaveText([line]);
      await expect(tool(page, button)).toHaveAttribute("aria-pressed", "true");
    }
    await selectLine(page, "Back to paragraph");
    await tool(page, "Heading 2").click();
    await expect(editor.locator("h2", { hasText: "Back to paragraph" })).toHaveCount(1);
    await tool(page, "Paragraph").click();
    await expect(editor.locator("h2")).toHaveText(["Heading two"]);
    await expect(editor.locator("p", { hasText: /^Back to paragraph$/ })).toHaveCount(1);
    await expect(tool(page, "Paragraph")).toHaveAttribute("aria-pressed", "true");

    // Lists, quote, rule.
    await selectLine(page, "Bullet item");
    await tool(page, "Bullet list").click();
    await expect(editor.locator("ul > li")).toHaveText(["Bullet item"]);
    await selectLine(page, "Ordered item");
    await tool(page, "Ordered list").click();
    await expect(editor.locator("ol > li")).toHaveText(["Ordered item"]);
    await selectLine(page, "Quoted text");
    await tool(page, "Blockquote").click();
    await expect(editor.locator("blockquote")).toHaveText(["Quoted text"]);
    await selectLine(page, "Last line");
    await page.keyboard.press("End");
    await tool(page, "Horizontal rule").click();
    await expect(editor.locator("hr")).toHaveCount(1);

    // A link through the prompt.
    await selectLine(page, "Link here");
    expect(await answerPrompt(page, "Add link", "https://example.com/idea")).toBe("Enter URL");
    const link = editor.locator("a", { hasText: "Link here" });
    await expect(link).toHaveAttribute("href", "https://example.com/idea");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");

    // An image through the hidden file input.
    await selectLine(page, "Last line");
    await page.keyboard.press("End");
    const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/upload/image") && r.request().method() === "POST");
    await toolbar(page).locator("input[type=file]").setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG_1X1 });
    expect((await uploaded).status()).toBe(201);
    await expect(editor.locator(IMG)).toHaveAttribute("src", /^\/api\/files\/[^/]+$/);
    await expect(editor.locator(IMG)).toHaveAttribute("alt", "pixel.png");

    // A YouTube video through the prompt (short-link form).
    expect(await answerPrompt(page, "Add video", `https://youtu.be/${VIDEO_ID}`)).toBe("Enter YouTube video URL:");
    const iframe = editor.locator("div[data-youtube-video] iframe");
    await expect(iframe).toHaveAttribute("src", new RegExp(`^https://www\\.youtube\\.com/embed/${VIDEO_ID}`));
    await expect(iframe).toHaveAttribute("width", "560");
    await expect(iframe).toHaveAttribute("height", "315");

    // Text colour from the palette, and 'Reset to default'.
    await selectLine(page, "Coloured text");
    await page.getByRole("button", { name: "Text color" }).click();
    const palette = page.getByRole("group", { name: "Preset colors" });
    await expect(palette.getByRole("button")).toHaveCount(21);
    // An outside click closes the popup without choosing.
    await page.getByRole("textbox", { name: "Idea title" }).click();
    await expect(palette).toBeHidden();
    await expect(editor.locator("span[style*='color']")).toHaveCount(0);
    await selectLine(page, "Coloured text");
    await page.getByRole("button", { name: "Text color" }).click();
    await palette.getByRole("button", { name: "Red (#EF4444)" }).click();
    await expect(palette).toBeHidden(); // closes after a choice
    await expect(editor.locator("span[style*='color']", { hasText: "Coloured text" })).toHaveCSS("color", "rgb(239, 68, 68)");

    await selectLine(page, "Reset colour text");
    await page.getByRole("button", { name: "Text color" }).click();
    await palette.getByRole("button", { name: "Blue (#3B82F6)" }).click();
    await expect(editor.locator("span[style*='color']", { hasText: "Reset colour text" })).toHaveCSS("color", "rgb(59, 130, 246)");
    await selectLine(page, "Reset colour text");
    await page.getByRole("button", { name: "Text color" }).click();
    await expect(palette.getByRole("button", { name: "Blue (#3B82F6)" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Reset to default" }).click();
    await expect(palette).toBeHidden();
    await expect(editor.locator("span[style*='color']", { hasText: "Reset colour text" })).toHaveCount(0);

    await expectRichContent(editor);

    // Create: toast, then /editor/{id}.
    await page.getByRole("button", { name: "Create Idea" }).click();
    await expect(page).toHaveURL(/\/editor\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Idea created successfully");
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveValue(ideaTitle);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();

    // Reload: every mark and node comes back from the server.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveValue(ideaTitle);
    await expectRichContent(content(page));
    await expect(tool(page, "Undo")).toBeDisabled();

    // Save.
    const renamed = `${ideaTitle} (v2)`;
    await page.getByRole("textbox", { name: "Idea title" }).fill(renamed);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page).filter({ hasText: "Idea updated successfully" })).toBeVisible();
    const saved = await page.request.get(`/api/ideas/${id}`);
    expect(((await saved.json()) as { title: string }).title).toBe(renamed);

    // Publish, after confirming: read-only from now on.
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("alertdialog", { name: "Publish this idea?" }).getByRole("button", { name: "Publish" }).click();
    await expect(toasts(page).filter({ hasText: "Idea published successfully" })).toBeVisible();
    const checkPublished = async () => {
      await expect(page.getByText("Published", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Share It" })).toHaveAttribute("href", `/share/${id}`);
      await expect(page.getByText(PUBLISHED_NOTICE)).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Idea title" })).toBeDisabled();
      await expect(content(page)).toHaveAttribute("contenteditable", "false");
      await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);
      await expect(toolbar(page)).toHaveCount(0);
    };
    await checkPublished();
    await page.reload();
    await checkPublished();
    await expectRichContent(content(page));
  });

  test("a blank title is refused without a request; Publish needs a saved idea", async ({ page }) => {
    // Publish right after an edit, before any save (with autosave, leaving the title would save it first).
    await withoutAutosave(page);
    await page.goto("/editor/new");
    await expect(page.getByRole("textbox", { name: "Idea title" })).toHaveValue("My New Idea");

    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET" && new URL(r.url()).pathname.startsWith("/api/ideas")) writes.push(`${r.method()} ${r.url()}`);
    });

    await page.getByRole("textbox", { name: "Idea title" }).fill("   ");
    await page.getByRole("button", { name: "Create Idea" }).click();
    await expect(toasts(page).filter({ hasText: "Please enter a title for your idea" })).toBeVisible();
    // An observation window for something that must not happen (a slow machine can only make it pass, not fail).
    await page.waitForTimeout(300);
    expect(writes).toEqual([]);
    await expect(page).toHaveURL(/\/editor\/new$/);

    // A new idea has no Publish button (spec §2: only a saved, unpublished idea shows it).
    await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);

    // Save it, change it, then Publish before saving again: refused.
    await page.getByRole("textbox", { name: "Idea title" }).fill("Needs saving first");
    await page.getByRole("button", { name: "Create Idea" }).click();
    await expect(page).toHaveURL(/\/editor\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
    await page.getByRole("textbox", { name: "Idea title" }).fill("Needs saving first, edited");
    writes.length = 0;
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toasts(page).filter({ hasText: "Please save your idea first before publishing" })).toBeVisible();
    // An observation window for something that must not happen (a slow machine can only make it pass, not fail).
    await page.waitForTimeout(300);
    expect(writes).toEqual([]);
    const idea = (await (await page.request.get(`/api/ideas/${id}`)).json()) as { status: string; title: string };
    expect(idea).toMatchObject({ status: "draft", title: "Needs saving first" });
  });

  test("a javascript: link is refused and no link mark is created; video URLs are checked", async ({ page }) => {
    await page.goto("/editor/new");
    const editor = content(page);
    await expect(editor.locator("h1")).toHaveText(["My New Idea"]);

    // Two of the template's (empty) bullet lines, written in.
    await editor.locator("ul > li > p").first().click();
    await page.keyboard.type("Pain point 1");
    await editor.locator("ul > li > p").nth(2).click();
    await page.keyboard.type("Pain point 3");
    await selectLine(page, "Pain point 1");
    expect(await answerPrompt(page, "Add link", "javascript:alert(document.cookie)")).toBe("Enter URL");
    const linkPopover = page.getByRole("dialog", { name: "Add link" });
    await expect(page.getByText(/Links may only use http/)).toBeVisible();
    await expect(linkPopover).toBeHidden();
    await expect(editor).toBeFocused();
    await expect(editor.locator("a")).toHaveCount(0);
    await expect(tool(page, "Add link")).toHaveAttribute("aria-pressed", "false");

    // The same selection still takes an allowed address (a bare host defaults to http).
    await tool(page, "Add link").click();
    await linkPopover.getByRole("textbox").fill("example.org");
    await linkPopover.getByRole("textbox").press("Enter");
    await expect(linkPopover).toBeHidden();
    await expect(editor.locator("a", { hasText: "Pain point 1" })).toHaveAttribute("href", "http://example.org");
    await expect(editor.locator("a[href^='javascript']")).toHaveCount(0);

    // Videos: the watch?v= form is accepted too, anything else is refused.
    await selectLine(page, "Pain point 3");
    await page.keyboard.press("End");
    await answerPrompt(page, "Add video", "https://example.com/watch?v=dQw4w9WgXcQ");
    const videoPopover = page.getByRole("dialog", { name: "Add video" });
    await expect(page.getByText("Please enter a valid YouTube video URL")).toBeVisible();
    await expect(videoPopover).toBeHidden();
    await expect(editor.locator("iframe")).toHaveCount(0);
    await tool(page, "Add video").click();
    await videoPopover.getByRole("textbox").fill(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=42`);
    await videoPopover.getByRole("textbox").press("Enter");
    await expect(videoPopover).toBeHidden();
    const iframe = editor.locator("div[data-youtube-video] iframe");
    await expect(iframe).toHaveAttribute("src", new RegExp(`^https://www\\.youtube\\.com/embed/${VIDEO_ID}`));
    await expect(iframe).toHaveAttribute("width", "560");
    await expect(iframe).toHaveAttribute("height", "315");
  });
});
