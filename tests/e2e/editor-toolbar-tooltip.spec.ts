import type { Page } from "@playwright/test";
import { test, expect, useWorkerAccount } from "./fixtures";

/**
 * The editor toolbar's tooltips (components/editor/toolbar-tooltip.tsx: one tooltip layer instead of Radix Tooltip):
 * pointer after a delay, keyboard focus at once, Escape/leaving/a press hides, the button's description while shown.
 */

const content = (page: Page) => page.getByRole("textbox", { name: "Idea content" });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });
const tool = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });
const tooltip = (page: Page) => page.getByRole("tooltip");

/** Moves the pointer onto the middle of an element (a real pointermove, as a mouse would). */
async function pointAt(page: Page, name: string) {
  const box = await tool(page, name).boundingBox();
  if (!box) throw new Error(`no ${name} button`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
}

test.describe("editor toolbar tooltips", () => {
  // The tests open /editor/new and save nothing: one signed-in account per worker is enough.
  useWorkerAccount();
  test.beforeEach(async ({ page }) => {
    await page.goto("/editor/new");
    await expect(content(page)).toBeVisible();
    await expect(tool(page, "Bold")).toBeVisible();
  });

  test("keyboard focus shows the name at once as the button's description; Escape hides it, the focus stays", async ({ page }) => {
    await tool(page, "Bold").focus();
    await expect(tooltip(page)).toHaveText("Bold");
    await expect(tool(page, "Bold")).toHaveAccessibleDescription("Bold");

    // Arrow keys move along the toolbar: the tooltip follows the focus.
    await page.keyboard.press("ArrowRight");
    await expect(tool(page, "Italic")).toBeFocused();
    await expect(tooltip(page)).toHaveText("Italic");
    await expect(tool(page, "Bold")).not.toHaveAttribute("aria-describedby");

    await page.keyboard.press("Escape");
    await expect(tooltip(page)).toHaveCount(0);
    await expect(tool(page, "Italic")).toBeFocused();
    await expect(tool(page, "Italic")).not.toHaveAttribute("aria-describedby");

    // Leaving the toolbar hides it too.
    await page.keyboard.press("ArrowRight");
    await expect(tooltip(page)).toHaveText("Strikethrough");
    await content(page).click();
    await expect(tooltip(page)).toHaveCount(0);
  });

  test("the pointer shows it after a delay, above the button; leaving the button hides it; a press hides it", async ({ page }) => {
    await pointAt(page, "Heading 2");
    const shownAt = Date.now();
    await expect(tooltip(page)).toHaveText("Heading 2");
    // Spec §9: 700 ms open delay (a generous lower bound, measured from after the move).
    expect(Date.now() - shownAt).toBeGreaterThan(400);
    const [tip, button] = [await tooltip(page).boundingBox(), await tool(page, "Heading 2").boundingBox()];
    expect(tip && button && tip.y + tip.height <= button.y).toBe(true);
    expect(tip && button && Math.abs(tip.x + tip.width / 2 - (button.x + button.width / 2)) < 2).toBe(true);

    // Leaving it for the text hides it.
    const text = await content(page).boundingBox();
    await page.mouse.move((text?.x ?? 0) + 40, (text?.y ?? 0) + 40, { steps: 2 });
    await expect(tooltip(page)).toHaveCount(0);

    // Pressing the button hides its tooltip (and presses it).
    await pointAt(page, "Heading 3");
    await expect(tooltip(page)).toHaveText("Heading 3");
    await page.mouse.down();
    await expect(tooltip(page)).toHaveCount(0);
    await page.mouse.up();
    await expect(tool(page, "Heading 3")).toHaveAttribute("aria-pressed", "true");
  });

  test("over an open link popover: Escape first hides the tooltip, then closes the popover", async ({ page }) => {
    await tool(page, "Add link").click();
    const popover = page.getByRole("dialog", { name: "Add link" });
    await expect(popover.getByLabel("Enter URL")).toBeFocused();
    await expect(tooltip(page)).toHaveCount(0);

    await pointAt(page, "Bold");
    await expect(tooltip(page)).toHaveText("Bold");
    await page.keyboard.press("Escape");
    await expect(tooltip(page)).toHaveCount(0);
    await expect(popover).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toHaveCount(0);
  });

  test("no animation when the user asks for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await tool(page, "Paragraph").focus();
    await expect(tooltip(page)).toHaveText("Paragraph");
    expect(await tooltip(page).evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
  });
});
