import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect } from "./api-helpers";
import { newVisitor, readerOfFourSections } from "./sharing-helpers";
import { expectNoSeriousA11yViolations } from "./axe";

/**
 * Per visit: a recipient opens the reader and reads two pages; the owner opens 'Visits' under that reader (share screen
 * and reading overview), on a desktop and at phone width, and sees the visit's time and pages.
 */

const contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.dispose();
});

/** Opens the 'Visits' disclosure with the keyboard and checks the one visit it lists. */
async function openVisits(page: Page, scope: ReturnType<Page["locator"]>, label: string) {
  const button = scope.getByRole("button", { name: "Visits by Rita Reader" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const visit = page.getByTestId("visit");
  await expect(visit).toHaveCount(1);
  // A rich-text idea is read in sections, not pages.
  await expect(visit).toContainText("Sections read: 2 of 4");
  await expect(visit).toContainText("5 s");
  await expect(visit.getByRole("list", { name: "Most-read sections" }).getByRole("listitem")).toHaveText([/Section 1\s*3 s/, /Section 2\s*2 s/]);
  // Fully on screen once scrolled to, at any width (the overview's table scrolls sideways; the visits stay in view).
  await visit.scrollIntoViewIfNeeded();
  await expect(visit).toBeInViewport({ ratio: 1 });
  await expectNoSeriousA11yViolations(page, label, { alsoRules: ["label-content-name-mismatch"] });
  if (process.env.VISITS_SCREENSHOTS) await page.screenshot({ path: `${process.env.VISITS_SCREENSHOTS}/${label.replace(/\W+/g, "-")}.png` });
  // Closed again with the keyboard.
  await page.keyboard.press("Enter");
  await expect(visit).toHaveCount(0);
}

test("the owner opens a reader's visits on the share screen and the reading overview, at desktop and phone width", async ({ page, playwright, baseURL, createUser, loginAs }) => {
  const owner = await createUser({ name: "Olivia Owner" });
  await loginAs(page, owner);
  // The recipient opens the reader (a view) and reads two pages.
  const reader = await newVisitor(playwright, baseURL, contexts);
  const { ideaId, share, report } = await readerOfFourSections(page.request, reader, { name: "Rita Reader", email: "rita@example.com" });
  expect((await report([{ n: 1, ms: 3000 }])).status()).toBe(204);
  expect((await report([{ n: 2, ms: 2000 }])).status()).toBe(204);

  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    // The share screen loads no visits until asked.
    const visitRequests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.endsWith("/visits")) visitRequests.push(r.url());
    });
    await page.goto(`/share/${ideaId}`);
    const person = page.locator(`li[data-share-id="${share.id}"] li[data-recipient-id]`);
    await expect(person.getByRole("button", { name: "Visits by Rita Reader" })).toBeVisible();
    expect(visitRequests).toEqual([]);
    await openVisits(page, person, `share screen at ${viewport.width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await page.goto("/dashboard/activity");
    await openVisits(page, page.getByTestId("activity-reader"), `reading overview at ${viewport.width} px`);
  }
});
