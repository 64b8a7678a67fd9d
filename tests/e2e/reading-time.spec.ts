import type { APIRequestContext } from "@playwright/test";
import { test, expect, expectJson } from "./api-helpers";
import { newVisitor, readerOfFourSections } from "./sharing-helpers";

/**
 * What the owner learns: a recipient's reader reports reading time per section, and the share screen
 * shows it: 'Reading time', sections read of N, the 'Time per page for {name}' chart and the link's summary.
 */

const contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.dispose();
});

test("reading time reported through the API shows on the owner's share screen with its chart", async ({ page, playwright, baseURL, createUser, loginAs }) => {
  const owner = await createUser({ name: "Olivia Owner" });
  await loginAs(page, owner);
  // The recipient: identified, agreed, the content delivered (a view), then two reports as the reader sends them.
  const reader = await newVisitor(playwright, baseURL, contexts);
  const { ideaId, share, report } = await readerOfFourSections(page.request, reader, { name: "Rita Reader", email: "rita@example.com" });
  expect((await report([{ n: 1, ms: 2000 }])).status()).toBe(204);
  expect((await report([{ n: 2, ms: 1000 }, { n: 9, ms: 1000 }])).status()).toBe(204);
  // Someone without the recipient's session is refused.
  const stranger = await newVisitor(playwright, baseURL, contexts);
  expect((await stranger.post(`/api/share/${share.accessLink}/engagement`, { data: { pages: [{ n: 1, ms: 1 }] } })).status()).toBe(404);

  const recipients = await expectJson(await page.request.get(`/api/shares/${share.id}/recipients`), 200);
  expect(recipients[0].views[0].engagement).toEqual({ totalMs: 3000, pageCount: 4, pages: [{ n: 1, ms: 2000 }, { n: 2, ms: 1000 }] });

  await page.goto(`/share/${ideaId}`);
  const row = page.locator(`li[data-share-id="${share.id}"]`);
  await expect(row.getByText("1 opened · 1 read half · 0 read all")).toBeVisible();
  const person = row.locator("li[data-recipient-id]");
  await expect(person.getByText("Reading time")).toBeVisible();
  await expect(person).toContainText("Reading time 3 s · sections read: 2 of 4");
  const chart = person.getByRole("img", { name: "Time per page for Rita Reader" });
  await expect(chart).toBeVisible();
  // The bars are drawn (recharts, loaded on this screen only).
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeAttached();
});
