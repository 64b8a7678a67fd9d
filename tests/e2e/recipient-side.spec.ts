import type { BrowserContext, Page } from "@playwright/test";
import { test, expect, expectJson, type Creator } from "./api-helpers";
import { seenToasts } from "./fixtures";
import { createShare } from "./sharing-helpers";

/**
 * Bugs found by walking the recipient side: two links open in one browser keep their own comments,
 * Decline ends the recipient on the server, and a one-time link gives each recipient exactly one view.
 */

type Shared = { ideaId: number; title: string; token: string; shareId: string };

async function shareIdea(owner: Creator, title: string, share: Record<string, unknown> = {}): Promise<Shared> {
  const idea = await expectJson(await owner.api.post("/api/ideas", { data: { title, content: `<p>The body of ${title}.</p>` } }), 201);
  await expectJson(await owner.api.put(`/api/ideas/${idea.id}/publish`), 200);
  const created = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access", ...share });
  return { ideaId: idea.id, title, token: created.accessLink, shareId: created.id };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function identify(page: Page, token: string, person = { name: "Rita Reader", email: "rita@example.com" }) {
  await page.goto(`/view/${token}`);
  await field(page, "Name").fill(person.name);
  await field(page, "Email").fill(person.email);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nda/${token}$`), { timeout: 15_000 });
}

/** /view → identity → agreement → the document, in this page's browser. */
async function reachDocument(page: Page, shared: Shared, person = { name: "Rita Reader", email: "rita@example.com" }) {
  await identify(page, shared.token, person);
  await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.getByLabel("Type your full name to sign", { exact: true }).fill(person.name);
  await page.getByRole("button", { name: "I Agree" }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${shared.token}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: shared.title })).toBeVisible();
}

/** Sends a comment from the viewer's panel and waits for the list it fetches afterwards. */
async function comment(page: Page, text: string) {
  const panel = page.getByRole("complementary", { name: "Comments" });
  await panel.getByRole("textbox", { name: "Add a comment" }).fill(text);
  const refreshed = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/api/comments");
  await panel.getByRole("button", { name: "Send" }).click();
  expect((await refreshed).status()).toBe(200);
  return panel;
}

async function expectAccessDenied(page: Page) {
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
}

/** Another tab of `context`, the cookie banner answered like the test's own page. */
async function newTab(context: BrowserContext) {
  const tab = await context.newPage();
  await tab.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
  return tab;
}

async function recipientCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith("iv_r_"));
}

test.describe("recipient side", () => {
  test("two links open in one browser: each comment panel keeps its own idea's comments", async ({ page, context, newCreator }) => {
    test.slow(); // two links, each identified, agreed and commented through the screens
    const owner = await newCreator();
    const kettle = await shareIdea(owner, "Solar Kettle");
    const lamp = await shareIdea(owner, "Moon Lamp");
    await reachDocument(page, kettle);
    // The second link in another tab of the same browser: now its newest recipient session.
    const lampPage = await newTab(context);
    await reachDocument(lampPage, lamp);
    expect(await recipientCookies(context)).toHaveLength(2);

    const lampPanel = await comment(lampPage, "A note on the lamp");
    await expect(lampPanel.getByTestId("comment")).toHaveText([/A note on the lamp/]);

    await page.bringToFront();
    const kettlePanel = await comment(page, "A note on the kettle");
    await expect(kettlePanel.getByTestId("comment")).toHaveText([/A note on the kettle/]);
    await expect(kettlePanel.getByText("A note on the lamp")).toHaveCount(0);

    // Each idea holds its own comment (the owner's view).
    const contents = async (ideaId: number) =>
      ((await expectJson(await owner.api.get(`/api/comments?ideaId=${ideaId}`), 200)) as { content: string }[]).map((c) => c.content);
    expect(await contents(kettle.ideaId)).toEqual(["A note on the kettle"]);
    expect(await contents(lamp.ideaId)).toEqual(["A note on the lamp"]);

    // Opened again, each panel still lists its own.
    await lampPage.reload();
    await expect(lampPage.getByRole("complementary", { name: "Comments" }).getByTestId("comment")).toHaveText([/A note on the lamp/]);
  });

  test("Decline clears the recipient on the server: reopening starts at identity, the old session is refused", async ({ page, context, newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const shared = await shareIdea(owner, "Declined Plan");
    await identify(page, shared.token, { name: "Dan Decliner", email: "dan@example.com" });
    const [cookie] = await recipientCookies(context);
    expect(cookie).toBeDefined();
    const recipientId = ((await expectJson(await page.request.get(`/api/share/${shared.token}`), 200)) as { recipient: { id: string } }).recipient.id;

    await page.getByRole("button", { name: "Decline", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Are you sure you want to decline? You will not be able to view the document.")).toBeVisible();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/recipients/${recipientId}/decline`),
      dialog.getByRole("button", { name: "Decline", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ declined: true });
    // An end screen naming the idea and its sender, not the marketing page.
    await expect(page.getByText(`You declined to view 'Declined Plan' shared by ${owner.user.name}. Nothing was shared with you.`)).toBeVisible();
    await expect(page).not.toHaveURL(/\/$/);
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Agreement Declined");
    expect(await recipientCookies(context)).toHaveLength(0);

    // Reopening the link starts at identity; so does the document's address.
    await page.goto(`/view/${shared.token}`);
    await expect(field(page, "Name")).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("");
    await page.goto(`/document/${shared.token}`);
    await expect(page).toHaveURL(new RegExp(`/collect/${shared.token}$`));

    // The owner sees the declined recipient.
    const recipients = (await expectJson(await owner.api.get(`/api/shares/${shared.shareId}/recipients`), 200)) as { id: string; declinedAt: string | null }[];
    expect(recipients.find((r) => r.id === recipientId)?.declinedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // A copy of the old cookie is refused everywhere: agreement, content, comments.
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` } });
    try {
      await expectJson(await replay.put(`/api/recipients/${recipientId}/nda`, { data: { agreed: true } }), 404);
      await expectJson(await replay.get(`/api/share/${shared.token}`), 404);
      await expectJson(await replay.get(`/api/comments?ideaId=${shared.ideaId}&token=${shared.token}`), 404);
      await expectJson(await replay.post(`/api/comments?token=${shared.token}`, { data: { recipientId, author: "Dan", content: "hi" } }), 404);
    } finally {
      await replay.dispose();
    }
  });

  test("one-time link: the reload after the one view is refused, and the owner's list shows ' / {max} max'", async ({ page, browser, newCreator, createUser, loginAs, baseURL }) => {
    test.slow(); // a whole journey: three recipients in three browsers, then the owner's screen (43.8 s of 45 on a loaded machine)
    const owner = await newCreator();
    const shared = await shareIdea(owner, "Once Only", { shareType: "one-time", maxViews: 2 });
    await reachDocument(page, shared);
    await expect(page.getByText("The body of Once Only.")).toBeVisible();
    await page.reload();
    await expectAccessDenied(page);
    await page.goto(`/view/${shared.token}`);
    await expectAccessDenied(page);

    // A second recipient is admitted (maxViews 2), once; a third is not.
    const second = await browser.newContext({ baseURL });
    const third = await browser.newContext({ baseURL });
    try {
      const secondPage = await newTab(second);
      await reachDocument(secondPage, shared, { name: "Sam Second", email: "sam@example.com" });
      await secondPage.reload();
      await expectAccessDenied(secondPage);
      const thirdPage = await newTab(third);
      await thirdPage.goto(`/view/${shared.token}`);
      await expectAccessDenied(thirdPage);
    } finally {
      await second.close();
      await third.close();
    }

    // The owner's share screen: ' / 2 max' here, ' / 1 max' for a one-time link without a maximum.
    const viewer = await createUser();
    await loginAs(page, viewer);
    const ideaId = ((await expectJson(await page.request.post("/api/ideas", { data: { title: "Counted", content: "<p>x</p>" } }), 201)) as { id: number }).id;
    await expectJson(await page.request.put(`/api/ideas/${ideaId}/publish`), 200);
    const once = await createShare(page.request, { ideaId, shareType: "one-time" });
    const thrice = await createShare(page.request, { ideaId, shareType: "one-time", maxViews: 3 });
    await page.goto(`/share/${ideaId}`);
    await expect(page.locator(`li[data-share-id="${once.id}"] [data-slot="view-count"]`)).toHaveText("0 views / 1 max");
    await expect(page.locator(`li[data-share-id="${thrice.id}"] [data-slot="view-count"]`)).toHaveText("0 views / 3 max");
    // The first link's owner sees both views counted against its maximum.
    expect(((await expectJson(await owner.api.get(`/api/ideas/${shared.ideaId}/shares`), 200)) as { viewCount: number }[])[0].viewCount).toBe(2);
  });
});
