import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { test, expect, createPublishedIdea } from "./api-helpers";
import { agree, createShare, newVisitor } from "./sharing-helpers";

/**
 * Evidence that reads at a glance: the activity timeline opens with a summary, groups events per
 * recipient, writes every time one way (local, UTC on hover), keeps digests under 'Evidence' and follows the owner's
 * own changes without 'Refresh'. §2: each dashboard card shows its views and recipients.
 */

/** A recipient (an API context of its own) who identifies, agrees and opens the idea: one view. */
async function reader(visitor: APIRequestContext, accessLink: string, who: { name: string; email: string }) {
  await agree(visitor, accessLink, who);
  expect((await visitor.get(`/api/share/${accessLink}`)).status()).toBe(200);
}

const summary = (page: Page) => page.getByTestId("activity-summary");
/** One figure of the summary: the <dd> beside its <dt>. */
const figure = (page: Page, label: string) => summary(page).locator("div", { has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole("definition");
const group = (page: Page, key: string): Locator => page.getByRole("list", { name: "Events by recipient" }).locator(`li[data-activity-group="${key}"]`);
/** A group's own <summary> (its events' 'Evidence' disclosures have one each). */
const groupSummary = (g: Locator) => g.locator(":scope > details > summary");
const allEvents = (page: Page) => page.getByRole("list", { name: "Activity", exact: true }).locator("li[data-activity-type]");

test.describe("activity at a glance", () => {
  test("summary, one group per recipient, Evidence collapsed, local times with UTC on hover, updates after the owner's own changes", async ({
    page,
    playwright,
    baseURL,
    createUser,
    loginAs,
  }) => {
    test.slow(); // a whole journey: two recipients, the screen, a new link and a revocation
    const owner = await createUser({ name: "Olivia Owner" });
    await loginAs(page, owner);
    const ideaId = (await createPublishedIdea(page.request, "Cardamom Cola")).id;
    const share = await createShare(page.request, { ideaId, shareType: "full-access" });
    const visitors: APIRequestContext[] = [];
    try {
      await reader(await newVisitor(playwright, baseURL, visitors), share.accessLink, { name: "Grace Hopper", email: "grace@example.com" });
      await reader(await newVisitor(playwright, baseURL, visitors), share.accessLink, { name: "Bob Builder", email: "bob@example.com" });
    } finally {
      for (const v of visitors) await v.dispose();
    }

    await page.goto(`/share/${ideaId}`);
    // The summary opens the timeline (the first page of a cold server on a loaded machine can take a while to hydrate).
    await expect(summary(page)).toBeVisible({ timeout: 30_000 });
    await expect(figure(page, "Links")).toHaveText("1");
    await expect(figure(page, "Recipients")).toHaveText("2");
    await expect(figure(page, "Agreements")).toHaveText("2");
    await expect(figure(page, "Views")).toHaveText("2");
    await expect(figure(page, "Reading time")).toHaveText(/^\d+ s$/);

    // Grouped per recipient by default, newest first, collapsed, each with its own figures.
    await expect(page.getByRole("button", { name: "By recipient" })).toHaveAttribute("aria-pressed", "true");
    const groups = page.getByRole("list", { name: "Events by recipient" }).locator("li[data-activity-group]");
    await expect(groups).toHaveCount(3);
    expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute("data-activity-group")))).toEqual(["bob@example.com", "grace@example.com", "links"]);
    const grace = group(page, "grace@example.com");
    await expect(groupSummary(grace)).toContainText("Grace Hopper");
    await expect(groupSummary(grace)).toContainText("grace@example.com");
    await expect(grace.locator('[data-slot="group-figures"]')).toHaveText(/^1 view · \d+ s reading · 1 agreement$/);
    await expect(group(page, "bob@example.com").locator('[data-slot="group-figures"]')).toHaveText(/^1 view · \d+ s reading · 1 agreement$/);
    await expect(groupSummary(group(page, "links"))).toContainText("Links and other events");
    const graceEvents = grace.getByRole("list", { name: "Events of Grace Hopper" });
    await expect(graceEvents).toBeHidden();

    // Keyboard: the group opens from its summary.
    await groupSummary(grace).focus();
    await page.keyboard.press("Enter");
    await expect(graceEvents).toBeVisible();
    expect(await graceEvents.locator("li[data-activity-type]").evaluateAll((els) => els.map((e) => e.getAttribute("data-activity-type")))).toEqual([
      "viewed",
      "nda_accepted",
      "recipient_identified",
    ]);

    // The agreement's digest sits under a collapsed 'Evidence'.
    const accepted = graceEvents.locator('li[data-activity-type="nda_accepted"]');
    const digest = accepted.locator("code");
    await expect(digest).toBeHidden();
    await accepted.getByText("Evidence", { exact: true }).click();
    await expect(digest).toBeVisible();
    await expect(digest).toHaveText(/^[0-9a-f]{64}$/);
    await expect(accepted).toContainText("Agreement SHA-256");

    // One date format: the local time shown, the UTC instant on hover and for machines.
    const time = accepted.locator("time");
    const [iso, title, text] = await Promise.all([time.getAttribute("datetime"), time.getAttribute("title"), time.textContent()]);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(title).toBe(`${iso!.slice(0, 19).replace("T", " ")} UTC`);
    expect(text).toBe(await page.evaluate((at) => new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }), iso!));

    // 'All events': the one chronological list.
    await page.getByRole("button", { name: "All events" }).click();
    await expect(page.getByRole("button", { name: "All events" })).toHaveAttribute("aria-pressed", "true");
    await expect(allEvents(page)).toHaveCount(7);
    await expect(allEvents(page).last()).toHaveAttribute("data-activity-type", "link_created");

    // The owner's own changes show without 'Refresh': a new link from the form ...
    const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
    await page.getByRole("button", { name: "Generate Share Link", exact: true }).click();
    expect((await created).status()).toBe(201);
    await expect(figure(page, "Links")).toHaveText("2");
    await expect(allEvents(page)).toHaveCount(8);
    await expect(allEvents(page).first()).toHaveAttribute("data-activity-type", "link_created");

    // ... and a revoked one.
    const row = page.locator(`li[data-share-id="${share.id}"]`);
    await row.getByRole("button", { name: /^Revoke/ }).click();
    await page.getByRole("alertdialog", { name: "Revoke this share link?" }).getByRole("button", { name: "Revoke link" }).click();
    await expect(allEvents(page).first()).toHaveAttribute("data-activity-type", "link_revoked");
    await expect(allEvents(page)).toHaveCount(9);
  });

  test("each dashboard card shows its views and recipients", async ({ page, playwright, baseURL, createUser, loginAs }) => {
    const owner = await createUser();
    await loginAs(page, owner);
    const busy = (await createPublishedIdea(page.request, "Busy idea")).id;
    const single = (await createPublishedIdea(page.request, "Single reader")).id;
    const quiet = (await createPublishedIdea(page.request, "Quiet idea")).id;
    const busyShare = await createShare(page.request, { ideaId: busy, shareType: "full-access" });
    const singleShare = await createShare(page.request, { ideaId: single, shareType: "full-access" });
    const visitors: APIRequestContext[] = [];
    try {
      await reader(await newVisitor(playwright, baseURL, visitors), busyShare.accessLink, { name: "Ann Arbor", email: "ann@example.com" });
      await reader(await newVisitor(playwright, baseURL, visitors), busyShare.accessLink, { name: "Ben Nevis", email: "ben@example.com" });
      await reader(await newVisitor(playwright, baseURL, visitors), singleShare.accessLink, { name: "Cyd Charisse", email: "cyd@example.com" });
    } finally {
      for (const v of visitors) await v.dispose();
    }

    await page.goto("/dashboard");
    const card = (id: number, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Idea (${id}) : ${title}`, exact: true }) });
    await expect(card(busy, "Busy idea").getByTestId("idea-reach")).toHaveText("2 views · 2 recipients");
    await expect(card(single, "Single reader").getByTestId("idea-reach")).toHaveText("1 view · 1 recipient");
    await expect(card(quiet, "Quiet idea").getByTestId("idea-reach")).toHaveText("0 views · 0 recipients");
  });
});
