import fs from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, createPublishedIdea } from "./api-helpers";
import { agree, createShare, newVisitor } from "./sharing-helpers";

/**
 * The owner's evidence: the recipients, their agreement and views under each link, the
 * activity timeline and its CSV, and the owner's replies, which the recipient sees in the viewer's comment panel.
 */

const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const linkRow = (page: Page, shareId: string) => page.locator(`li[data-share-id="${shareId}"]`);
const activity = (page: Page) => page.getByRole("list", { name: "Activity" });

test.describe("owner's evidence", () => {
  test("a recipient identifies, agrees, views and comments; the owner sees it all, downloads the CSV and replies", async ({
    page,
    browser,
    baseURL,
    createUser,
    loginAs,
  }) => {
    test.slow(); // a whole journey: the recipient's screens, the owner's evidence, the CSV and a reply
    const owner = await createUser({ name: "Olivia Owner" });
    await loginAs(page, owner);
    const ideaId = (await createPublishedIdea(page.request, "Cardamom Cola")).id;
    const share = await createShare(page.request, { ideaId, shareType: "full-access" });

    // The recipient, in a browser of its own (a known user agent, so the device wording is certain).
    const recipientContext = await browser.newContext({ baseURL, userAgent: WINDOWS_CHROME });
    const reader = await recipientContext.newPage();
    try {
      await reader.goto(`/view/${share.accessLink}`);
      await reader.getByLabel("Name", { exact: true }).fill("Rita Reader");
      await reader.getByLabel("Email", { exact: true }).fill("rita@example.com");
      await reader.getByLabel("Phone (optional)", { exact: true }).fill("+44 20 7946 0958");
      await reader.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(reader).toHaveURL(new RegExp(`/nda/${share.accessLink}$`), { timeout: 15_000 });
      await reader.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await reader.getByLabel("Type your full name to sign", { exact: true }).fill("Rita Reader");
      await expect(reader.getByRole("button", { name: "I Agree" })).toBeEnabled();
      await reader.getByRole("button", { name: "I Agree" }).click();
      await expect(reader).toHaveURL(new RegExp(`/document/${share.accessLink}$`), { timeout: 15_000 });
      const panel = reader.getByRole("complementary", { name: "Comments" });
      await panel.getByRole("textbox", { name: "Add a comment" }).fill("Who bottles it?");
      await panel.getByRole("button", { name: "Send" }).click();
      await expect(panel.getByTestId("comment").filter({ hasText: "Who bottles it?" })).toBeVisible();

      // The owner's share screen: the recipient under the link, with the agreement, the certificate link and the view.
      const recipients = (await (await page.request.get(`/api/shares/${share.id}/recipients`)).json()) as { nda: { id: string } }[];
      expect(recipients).toHaveLength(1);
      await page.goto(`/share/${ideaId}`);
      const row = linkRow(page, share.id);
      await expect(row.getByText("1 recipient · 1 view")).toBeVisible();
      const person = row.locator("li[data-recipient-id]");
      await expect(person).toContainText("Rita Reader");
      await expect(person).toContainText("rita@example.com");
      await expect(person).toContainText("+44 20 7946 0958");
      await expect(person).toContainText("E-mail not verified");
      await expect(person).toContainText("NDA accepted");
      await expect(person).toContainText("Signed electronically by typing their name: Rita Reader");
      await expect(person.getByRole("link", { name: "Download certificate for Rita Reader" })).toHaveAttribute(
        "href",
        `/api/ndas/${recipients[0].nda.id}/certificate.pdf`,
      );
      const view = person.getByTestId("recipient-view");
      await expect(view).toHaveCount(1);
      await expect(view).toContainText("Chrome 131 on Windows 10 (desktop)");
      await expect(view).toContainText(/IP \S+/);

      // The activity timeline, newest first ('All events': it opens grouped per recipient).
      await page.getByRole("button", { name: "All events" }).click();
      const events = activity(page).locator("li[data-activity-type]");
      await expect(events).toHaveCount(5);
      expect(await events.evaluateAll((els) => els.map((e) => e.getAttribute("data-activity-type")))).toEqual([
        "commented",
        "viewed",
        "nda_accepted",
        "recipient_identified",
        "link_created",
      ]);
      await expect(activity(page).locator('li[data-activity-type="viewed"]')).toContainText("Rita Reader");
      await expect(activity(page).locator('li[data-activity-type="viewed"]')).toContainText("Chrome 131 on Windows 10 (desktop)");

      // The CSV download: a header row and one row per event.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^idea-${ideaId}-activity-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const csv = await fs.readFile(await download.path(), "utf8");
      const lines = csv.split("\r\n").filter(Boolean);
      expect(lines[0]).toBe("Time (UTC),Event,Link,Link ID,Who,Recipient e-mail,IP,Device,Details,Reading time (s),Log entry,Log hash");
      expect(lines).toHaveLength(6);
      expect(lines.find((l) => l.includes(",Viewed,"))).toContain("Rita Reader,rita@example.com");
      const head = await page.request.get(`/api/ideas/${ideaId}/activity.csv`);
      expect(head.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(head.headers()["content-disposition"]).toMatch(/^attachment; filename="idea-\d+-activity-/);

      // The owner replies from the share screen (keyboard).
      const comments = page.getByRole("region", { name: "Comments" });
      await comments.getByRole("button", { name: "Reply to Rita Reader" }).click();
      const box = comments.getByRole("textbox", { name: "Reply to Rita Reader" });
      await expect(box).toBeFocused();
      await box.fill("Our partner in Leeds.");
      await comments.getByRole("button", { name: "Send reply" }).click();
      await expect(page.getByText("Reply sent.")).toBeVisible();
      const replies = comments.getByRole("list", { name: "Replies to Rita Reader" });
      await expect(replies).toContainText("Our partner in Leeds.");
      await expect(replies).toContainText("Olivia Owner");
      await expect(replies.getByText("Owner", { exact: true })).toBeVisible();
      await expect(activity(page).locator('li[data-activity-type="replied"]')).toContainText("Our partner in Leeds.");

      // The recipient sees the reply under its comment, marked as the owner's.
      await reader.reload();
      const thread = reader.getByRole("complementary", { name: "Comments" }).getByTestId("comment").filter({ hasText: "Who bottles it?" });
      const reply = thread.getByTestId("comment-reply");
      await expect(reply).toContainText("Our partner in Leeds.");
      await expect(reply).toContainText("Olivia Owner");
      await expect(reply.getByText("Owner", { exact: true })).toBeVisible();
    } finally {
      await recipientContext.close();
    }
  });

  test("many recipients collapse, an empty link says so, keyboard and a 390 px phone work", async ({ page, playwright, baseURL, createUser, loginAs }) => {
    // Seven recipients identify and agree through the API before the screens are checked: on a busy machine that
    // alone takes most of the default 45 s.
    test.setTimeout(120_000);
    const owner = await createUser();
    await loginAs(page, owner);
    const ideaId = (await createPublishedIdea(page.request, "Crowded idea")).id;
    const busy = await createShare(page.request, { ideaId, shareType: "full-access" });
    const quiet = await createShare(page.request, { ideaId, shareType: "one-time" });
    const visitors: APIRequestContext[] = [];
    try {
      for (let i = 0; i < 7; i++) {
        const visitor = await newVisitor(playwright, baseURL, visitors);
        await agree(visitor, busy.accessLink, { name: `Visitor Number ${i}`, email: `visitor${i}@example.com` });
        expect((await visitor.get(`/api/share/${busy.accessLink}`)).status()).toBe(200);
      }
    } finally {
      for (const v of visitors) await v.dispose();
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/share/${ideaId}`);
    await expect(linkRow(page, quiet.id).getByText("No recipients yet")).toBeVisible();
    const row = linkRow(page, busy.id);
    await expect(row.getByText("7 recipients · 7 views")).toBeVisible();
    await expect(row.locator("li[data-recipient-id]")).toHaveCount(5);
    // Newest first.
    await expect(row.locator("li[data-recipient-id]").first()).toContainText("Visitor Number 6");
    const more = row.getByRole("button", { name: "Show all 7 recipients" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(row.locator("li[data-recipient-id]")).toHaveCount(7);
    await expect(row.getByRole("button", { name: "Show the newest 5 recipients" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("activity-summary")).toBeVisible();
    await expect(page.getByRole("list", { name: "Events by recipient" }).locator("li[data-activity-group]")).toHaveCount(8);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the evidence APIs answer the owner only", async ({ page, playwright, baseURL, createUser, loginAs }) => {
    const owner = await createUser();
    await loginAs(page, owner);
    const ideaId = (await createPublishedIdea(page.request, "Private evidence")).id;
    const share = await createShare(page.request, { ideaId, shareType: "full-access" });
    const stranger = await createUser();
    const other = await playwright.request.newContext({ baseURL });
    try {
      expect((await other.post("/api/auth/login", { data: { email: stranger.email, password: stranger.password } })).status()).toBe(200);
      for (const url of [`/api/shares/${share.id}/recipients`, `/api/ideas/${ideaId}/activity`, `/api/ideas/${ideaId}/activity.csv`]) {
        expect((await other.get(url)).status(), url).toBe(404);
        expect((await page.request.get(url)).status(), url).toBe(200);
      }
      expect((await other.post("/api/comments/unknown-comment/replies", { data: { content: "hi" } })).status()).toBe(404);
      expect((await page.request.post("/api/comments/unknown-comment/replies", { data: { content: "  " } })).status()).toBe(400);
    } finally {
      await other.dispose();
    }
  });
});
