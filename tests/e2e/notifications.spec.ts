import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, expectJson } from "./api-helpers";
import { readOutbox, seenToasts, uniqueEmail, type OutboxMail } from "./fixtures";
import { agree, createShare, newVisitor } from "./sharing-helpers";

/**
 * axe-core's violations inside `selector`. The script goes in through the DevTools protocol (page.evaluate), which
 * the page's Content-Security-Policy does not govern, so the check needs no CSP exception.
 */
async function axeViolations(page: Page, selector: string) {
  await page.evaluate(fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run({ include: [include] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector);
}

const switchFor = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });

/** The owner's mails whose subject matches, newest first. */
async function mailsTo(to: string, subject: RegExp): Promise<OutboxMail[]> {
  return (await readOutbox(to)).filter((m) => subject.test(m.subject));
}

async function newIdea(api: APIRequestContext, title: string) {
  const idea = await expectJson(await api.post("/api/ideas", { data: { title, content: "<p>Boil water with sunlight.</p>" } }), 201);
  return idea as { id: number; title: string };
}

test.describe("owner notifications and Shared with me", () => {
  // The failed-save test answers 500 on purpose.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of (4\d\d|500)\b/] });

  test("the owner turns a notification off on /profile with the keyboard; it persists across a reload", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    // The page hands the form the user it loaded: no second fetch of /api/auth/me on the way in.
    const meCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/auth/me") meCalls.push(r.url());
    });
    await page.goto("/profile");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);

    const section = page.getByRole("region", { name: "Notifications", exact: true });
    await expect(section).toBeVisible();
    for (const name of ["NDA accepted", "First view", "Comments", "Proof anchored in Bitcoin", "Visit summary"]) await expect(switchFor(page, name)).toBeChecked();
    const comments = switchFor(page, "Comments");
    await expect(comments).toHaveAccessibleDescription("E-mail me when a recipient comments on a shared idea.");
    expect(await axeViolations(page, "#main-content")).toEqual([]);

    await comments.focus();
    await page.keyboard.press("Space");
    await expect(comments).not.toBeChecked();
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Notification settings saved.");
    await expect(comments).toBeEnabled();
    expect(await (await page.request.get("/api/profile/notifications")).json()).toEqual({ ndaAccepted: true, firstView: true, comments: false, proofAnchored: true, visitEnded: true });

    await page.reload();
    await expect(switchFor(page, "Comments")).not.toBeChecked();
    await expect(switchFor(page, "NDA accepted")).toBeChecked();
    await expect(switchFor(page, "First view")).toBeChecked();
    expect(meCalls).toEqual([]);

    // After an update, GET /api/auth/me refreshes the form's copy.
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/me" && r.request().method() === "GET");
    await page.getByLabel("Name", { exact: true }).fill("Renamed Person");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect((await refreshed).status()).toBe(200);
    expect(await (await refreshed).json()).toMatchObject({ name: "Renamed Person", email: user.email });
  });

  test("a failed save puts the switch back", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");
    await page.route("**/api/profile/notifications", (route) =>
      route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }) : route.continue(),
    );
    const firstView = switchFor(page, "First view");
    await firstView.click();
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Failed to save notification settings. Please try again.");
    await expect(firstView).toBeChecked();
    await expect(firstView).toBeEnabled();
  });

  test("a registered user sees an e-mail share under 'Shared with me'; the card opens /view/{token}", async ({ page, createUser, loginAs, newCreator }, testInfo) => {
    const owner = await newCreator();
    const reader = await createUser({ email: uniqueEmail(testInfo, "reader") });
    const idea = await newIdea(owner.api, "Solar Kettle");
    // Addressed in capitals: the address is compared without case.
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "email", recipientEmail: reader.email.toUpperCase() });

    await loginAs(page, reader);
    await page.goto("/dashboard");
    const section = page.getByRole("region", { name: "Shared with me" });
    const card = section.getByRole("listitem").filter({ hasText: `Idea (${idea.id}) : Solar Kettle` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Shared by ${owner.user.name}`);
    await expect(section.getByText("No shared ideas yet")).toHaveCount(0);
    expect(await axeViolations(page, "#main-content")).toEqual([]);

    // The owner sees nothing shared with them.
    const ownerList = await expectJson(await owner.api.get("/api/shared-with-me"), 200);
    expect(ownerList).toEqual([]);

    await card.getByRole("link", { name: `Idea (${idea.id}) : Solar Kettle` }).click();
    await expect(page).toHaveURL(new RegExp(`/view/${share.accessLink}$`));
    // No shortcut: the recipient identifies like anyone else.
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Verify", exact: true })).toBeVisible();

    // Revoked: gone from the list.
    await expectJson(await owner.api.delete(`/api/shares/${share.id}`), 200);
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Shared with me" }).getByText("No shared ideas yet")).toBeVisible();
  });

  test("the owner is told when a recipient accepts the NDA, first views (once) and comments", async ({ newCreator, playwright, baseURL }) => {
    const owner = await newCreator();
    const idea = await newIdea(owner.api, "Solar Kettle");
    const share = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
    const contexts: APIRequestContext[] = [];
    try {
      const visitor = await newVisitor(playwright, baseURL, contexts);
      await agree(visitor, share.accessLink, { name: "Grace Hopper", email: "grace@example.com" });

      const shareScreen = `${baseURL}/share/${idea.id}`;
      await expect.poll(async () => (await mailsTo(owner.user.email, /accepted the NDA/)).length, { timeout: 20_000 }).toBe(1);
      const [nda] = await mailsTo(owner.user.email, /accepted the NDA/);
      expect(nda.subject).toBe('Grace Hopper accepted the NDA for "Solar Kettle"');
      expect(nda.text).toContain(`Grace Hopper (grace@example.com) accepted the confidentiality agreement for the idea "Solar Kettle".`);
      expect(nda.text).toContain(shareScreen);
      expect(nda.html).toContain(`href="${shareScreen}"`);

      // Two views (the second a reload): one first-view mail.
      await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200);
      await expect.poll(async () => (await mailsTo(owner.user.email, /opened "/)).length, { timeout: 20_000 }).toBe(1);
      await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200);
      // A comment mail arrives after the reload's answer: by then a second first-view mail would have been sent too.
      await expectJson(await visitor.post("/api/comments", { data: { content: "Could it boil milk too?" } }), 201);
      await expect.poll(async () => (await mailsTo(owner.user.email, /^New comment from/)).length, { timeout: 20_000 }).toBe(1);
      const [comment] = await mailsTo(owner.user.email, /^New comment from/);
      expect(comment.text).toContain("“Could it boil milk too?”");
      expect(comment.text).toContain(shareScreen);
      expect(await mailsTo(owner.user.email, /opened "/)).toHaveLength(1);
    } finally {
      for (const c of contexts) await c.dispose();
    }
  });
});
