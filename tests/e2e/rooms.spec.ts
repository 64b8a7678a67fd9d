import type { Browser, Locator, Page } from "@playwright/test";
import { test, expect, createPublishedIdea, expectJson } from "./api-helpers";

/**
 * Rooms end to end: a founder builds a room of three published ideas on the dashboard, orders it by keyboard and shares
 * it with a passcode; a recipient on a phone gives the passcode, identifies and agrees once, reads two of the three
 * ideas from the room's index, and the owner's reading table shows exactly those two.
 */

const PASSCODE = "seed-round-2026";
const IDEAS = ["Cardamom Cola", "Solar Kettle", "Wind Umbrella"] as const;
const twoSections = (title: string) => `<h1>${title}</h1><p>Why it matters.</p><h2>How</h2><p>The secret ingredient of ${title}.</p>`;

async function phone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
  return { context, page: await context.newPage() };
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function expectTouchTarget(locator: Locator) {
  await expect.poll(async () => (await locator.boundingBox())?.height ?? 0, { message: "touch target height" }).toBeGreaterThanOrEqual(43.5);
}

/** Rita identifies on a room link without an agreement, and lands on the room's index. */
async function identifyOnRoomLink(reader: Page, token: string) {
  await reader.goto(`/view/${token}`);
  await reader.getByLabel("Name", { exact: true }).fill("Rita Reader");
  await reader.getByLabel("Email", { exact: true }).fill("rita@example.com");
  await reader.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(reader).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });
}

/**
 * Opens one idea from the index, reads it for a moment, and goes back to the index: the reader reports its time as it
 * leaves, and the index shows the idea read at once.
 */
async function readFromIndex(page: Page, ideaId: number, title: string) {
  await page.getByRole("link", { name: new RegExp(title) }).click();
  // The reader's own title (the document's content has its own h1 too).
  await expect(page.locator("#document-title")).toHaveText(title, { timeout: 15_000 });
  await expect(page.getByText(`Why it matters.`)).toBeVisible();
  // Reading time counts while the section is on screen (the reader's IntersectionObserver has said so once this
  // one's has: both are told in the same step, the reader's first) and the reader active (it is, from the opening):
  // then three seconds on the page's clock (the server still clips a report to the time that really passed).
  await expect(page.locator('[data-slot="reader-section"]')).toBeInViewport({ ratio: 0.5 });
  await page.clock.fastForward(3_000);
  const back = page.getByRole("link", { name: "Back to the room" });
  await expectTouchTarget(back);
  // Going back is leaving: the reader reports this idea's time on its way out.
  const reported = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/engagement"));
  await back.click();
  await expect(page.getByRole("heading", { level: 1, name: "Seed round" })).toBeVisible();
  expect((await reported).status()).toBe(204);
  await expect(page.locator(`[data-room-entry="${ideaId}"]`)).toContainText(/sections? read/);
}

/** The founder's part: the dashboard's New room, the order set by keyboard, a link with a passcode. Answers the room and link. */
async function buildAndShareRoom(page: Page, ids: number[]) {
  // The dashboard's Rooms: 'New room' with a name, a note and the three ideas.
  await page.goto("/dashboard");
  const rooms = page.getByRole("region", { name: "Rooms" });
  await rooms.getByRole("button", { name: "New room" }).click();
  const dialog = page.getByRole("dialog", { name: "New room" });
  // The name is required, said beside its field.
  await dialog.getByRole("button", { name: "Create room" }).click();
  await expect(dialog.getByText("Please enter a name for the room")).toBeVisible();
  await expect(dialog.getByLabel("Room name")).toBeFocused();
  await dialog.getByLabel("Room name").fill("Seed round");
  await dialog.getByLabel("Welcome note (optional)").fill("Welcome, investors: the deck, the kettle and the umbrella.");
  for (const title of IDEAS) await dialog.getByRole("checkbox", { name: new RegExp(title) }).check();
  await dialog.getByRole("button", { name: "Create room" }).click();
  await expect(page).toHaveURL(/\/rooms\/[^/]+$/, { timeout: 15_000 });
  const roomId = new URL(page.url()).pathname.split("/").pop()!;

  // The documents in the order chosen; the last one moved to the top by the keyboard, announced and saved.
  const documents = page.getByRole("list", { name: "Documents" });
  await expect(documents.getByRole("listitem")).toHaveCount(3);
  const handle = documents.getByRole("button", { name: /^Reorder Wind Umbrella/ });
  await handle.focus();
  const saved = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/rooms/${roomId}/items`));
  await page.keyboard.press("Home");
  expect((await saved).postDataJSON()).toMatchObject({ items: [{ ideaId: ids[2] }, { ideaId: ids[0] }, { ideaId: ids[1] }] });
  await expect(page.getByText("Wind Umbrella moved to position 1 of 3")).toBeAttached();
  await expect(documents.getByRole("button", { name: /^Reorder Wind Umbrella/ })).toBeFocused();

  // A link to the room, with a passcode, from the share screen's own form.
  await page.getByLabel("Passcode (optional)").fill(PASSCODE);
  const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/shares");
  await page.getByRole("button", { name: "Generate Share Link" }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ roomId, passcode: PASSCODE });
  const url = await page.getByLabel("Share link", { exact: true }).inputValue();
  const token = new URL(url).pathname.split("/").pop()!;
  await expect(page.getByRole("list", { name: "Active Share Links" }).getByRole("listitem").first()).toBeVisible();

  return { roomId, token };
}

test("a founder builds a room of three ideas on the dashboard, orders it by keyboard and shares it with a passcode", async ({ page, createUser, loginAs }) => {
  // Three ideas, a room, a reorder and a link: more than the default budget on a busy machine.
  test.setTimeout(90_000);
  await loginAs(page, await createUser({ name: "Fiona Founder" }));
  const ids: number[] = [];
  for (const title of IDEAS) ids.push((await createPublishedIdea(page.request, title, twoSections(title))).id);
  const { roomId } = await buildAndShareRoom(page, ids);
  // The dashboard lists it with its counts.
  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Rooms" }).getByRole("listitem").filter({ hasText: "Seed round" });
  await expect(card.getByTestId("room-counts")).toHaveText("3 ideas · 1 link");
  await expect(card.getByRole("link", { name: "Seed round" })).toHaveAttribute("href", `/rooms/${roomId}`);
});

test("a founder shares a room of three ideas with a passcode; a recipient on a phone reads two; the owner sees exactly that", async ({ page, browser, baseURL, createUser, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs(page, await createUser({ name: "Fiona Founder" }));
  const ids: number[] = [];
  for (const title of IDEAS) ids.push((await createPublishedIdea(page.request, title, twoSections(title))).id);
  const { token } = await buildAndShareRoom(page, ids);

  // The recipient, on a phone: passcode and identity on one screen, one agreement naming every idea.
  const { context, page: reader } = await phone(browser, baseURL);
  try {
    await reader.clock.install();
    await reader.goto(`/view/${token}`);
    await reader.getByLabel("Passcode", { exact: true }).fill(PASSCODE);
    await reader.getByLabel("Name", { exact: true }).fill("Rita Reader");
    await reader.getByLabel("Email", { exact: true }).fill("rita@example.com");
    await reader.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(reader).toHaveURL(new RegExp(`/nda/${token}$`), { timeout: 15_000 });
    const box = reader.getByRole("region", { name: "Agreement text" });
    for (const title of IDEAS) await expect(box).toContainText(title);
    await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await reader.getByLabel("Type your full name to sign", { exact: true }).fill("Rita Reader");
    await reader.getByRole("button", { name: "I Agree" }).click();
    await expect(reader).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });

    // The room's index: name, note, the three ideas in the owner's order, none read yet.
    await expect(reader.getByRole("heading", { level: 1, name: "Seed round" })).toBeVisible();
    await expect(reader.getByText("Welcome, investors: the deck, the kettle and the umbrella.")).toBeVisible();
    const entries = reader.locator("[data-room-entry]");
    await expect(entries).toHaveCount(3);
    await expect(entries.first()).toContainText("Wind Umbrella");
    for (const entry of await entries.all()) {
      await expectTouchTarget(entry);
      await expect(entry).toContainText("Not opened yet");
    }
    await noHorizontalScroll(reader);

    // Two of the three, each from the index and back; the index shows the reader's own progress.
    await readFromIndex(reader, ids[0], "Cardamom Cola");
    await readFromIndex(reader, ids[1], "Solar Kettle");
    await noHorizontalScroll(reader);
    await expect(reader.locator(`[data-room-entry="${ids[0]}"]`)).not.toContainText("Not opened yet");
    await expect(reader.locator(`[data-room-entry="${ids[1]}"]`)).not.toContainText("Not opened yet");
    await expect(reader.locator(`[data-room-entry="${ids[2]}"]`)).toContainText("Not opened yet");
  } finally {
    await context.close();
  }

  // The owner's reading table: one recipient, time on the two ideas read, the third not opened.
  await expect
    .poll(
      async () => {
        await page.reload();
        // The table loads after the page: wait for it (or for the reading's empty state) before counting its rows.
        const reading = page.getByRole("region", { name: "Reading" });
        await expect(reading.getByTestId("room-reading-table").or(reading.getByText("No recipient has opened the room yet."))).toBeVisible();
        const row = page.getByTestId("room-reading-table").locator("tbody tr[data-recipient-id]");
        if ((await row.count()) !== 1) return "no row";
        const cells = await Promise.all(ids.map((id) => row.locator(`td[data-idea-id="${id}"]`).innerText()));
        return cells.map((c) => (c.includes("Not opened") ? "not opened" : "read")).join(",");
      },
      { timeout: 30_000, message: "the reading table's cells for Rita Reader" },
    )
    .toBe("read,read,not opened");
  const table = page.getByTestId("room-reading-table");
  const row = table.locator("tbody tr[data-recipient-id]");
  await expect(row.getByRole("rowheader")).toContainText("Rita Reader");
  await expect(row.getByRole("rowheader")).toContainText("2 of 3 opened");
  // Sortable: a header says how the table is sorted.
  const total = table.getByRole("columnheader", { name: "Total" });
  await expect(total).toHaveAttribute("aria-sort", "none");
  await total.getByRole("button").click();
  await expect(total).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("columnheader", { name: "Recipient" })).toHaveAttribute("aria-sort", "none");
  // The recipient's time per page, on demand.
  await row.getByRole("button", { name: "Show time per page for Rita Reader" }).click();
  await expect(table.getByText(/Cardamom Cola · \d+ s/)).toBeVisible();
});

test("a recipient on a phone comments on a room's idea; the owner sees it naming the room and replies; the reply reaches the room's reader", async ({ page, browser, baseURL, createUser, loginAs }) => {
  test.setTimeout(90_000);
  await loginAs(page, await createUser({ name: "Fiona Founder" }));
  const ids: number[] = [];
  for (const title of IDEAS.slice(0, 2)) ids.push((await createPublishedIdea(page.request, title, twoSections(title))).id);
  const room = await expectJson(await page.request.post("/api/rooms", { data: { name: "Seed round", ideaIds: ids } }), 201);
  const link = await expectJson(await page.request.post("/api/shares", { data: { roomId: room.id, shareType: "full-access", requireNda: false } }), 201);
  const token: string = link.accessLink;

  const { context, page: reader } = await phone(browser, baseURL);
  try {
    await identifyOnRoomLink(reader, token);
    await reader.getByRole("link", { name: /Solar Kettle/ }).click();
    await expect(reader.locator("#document-title")).toHaveText("Solar Kettle", { timeout: 15_000 });

    // The item's 'Comments' button opens the bottom sheet, as on an idea link.
    await expect(reader.getByRole("complementary", { name: "Comments" })).toHaveCount(0);
    const open = reader.getByRole("button", { name: "Comments", exact: true });
    await expectTouchTarget(open);
    await open.click();
    const sheet = reader.getByRole("dialog", { name: "Comments" });
    await expect(sheet.getByText("No comments yet. Be the first to comment.")).toBeVisible();
    const posted = reader.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/comments");
    await sheet.getByRole("textbox", { name: "Add a comment" }).fill("Who bottles it?");
    await sheet.getByRole("button", { name: "Send" }).click();
    expect(new URL((await posted).url()).searchParams.get("ideaId")).toBe(String(ids[1]));
    await expect(sheet.getByTestId("comment").filter({ hasText: "Who bottles it?" })).toBeVisible();
    await noHorizontalScroll(reader);
    await reader.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    // The owner, on the idea's share screen: the comment names the room; the reply goes back to it.
    await page.goto(`/share/${ids[1]}`);
    const comments = page.getByRole("region", { name: "Comments" });
    await expect(comments.getByRole("listitem").filter({ hasText: "Who bottles it?" })).toContainText("through the room “Seed round”");
    await comments.getByRole("button", { name: "Reply to Rita Reader" }).click();
    await comments.getByRole("textbox", { name: "Reply to Rita Reader" }).fill("Our partner in Leeds.");
    await comments.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Reply sent.")).toBeVisible();

    // The recipient sees it under the comment in the room item's reader.
    await reader.reload();
    await expect(reader.locator("#document-title")).toHaveText("Solar Kettle", { timeout: 15_000 });
    await reader.getByRole("button", { name: "Comments", exact: true }).click();
    const reply = reader.getByRole("dialog", { name: "Comments" }).getByTestId("comment-reply");
    await expect(reply).toContainText("Our partner in Leeds.");
    await expect(reply.getByText("Owner", { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the room's index groups the ideas in the owner's folders, in the room's order, ideas without a folder first", async ({ page, browser, baseURL, createUser, loginAs }) => {
  await loginAs(page, await createUser({ name: "Fiona Founder" }));
  const ids: number[] = [];
  for (const title of IDEAS) ids.push((await createPublishedIdea(page.request, title, twoSections(title))).id);
  const room = await expectJson(await page.request.post("/api/rooms", { data: { name: "Seed round" } }), 201);
  const items = [{ ideaId: ids[0], folder: "Deck" }, { ideaId: ids[1] }, { ideaId: ids[2], folder: "Deck" }];
  expect((await page.request.put(`/api/rooms/${room.id}/items`, { data: { items } })).ok()).toBe(true);
  const link = await expectJson(await page.request.post("/api/shares", { data: { roomId: room.id, shareType: "full-access", requireNda: false } }), 201);
  const token: string = link.accessLink;

  const { context, page: reader } = await phone(browser, baseURL);
  try {
    await identifyOnRoomLink(reader, token);
    const groups = reader.getByRole("article").getByRole("region");
    await expect(groups).toHaveCount(2);
    await expect(groups.first()).toHaveAccessibleName("Documents");
    await expect(groups.first().getByRole("link")).toHaveText([/Solar Kettle/]);
    const deck = reader.getByRole("region", { name: "Deck" });
    await expect(deck.getByRole("heading", { level: 2, name: "Deck" })).toBeVisible();
    await expect(deck.getByRole("link")).toHaveText([/Cardamom Cola/, /Wind Umbrella/]);
    await noHorizontalScroll(reader);
  } finally {
    await context.close();
  }
});
