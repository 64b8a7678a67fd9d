import { test, expect, expectJson } from "./api-helpers";
import { readOutbox, seenToasts, uniqueEmail, VERIFY_SUBJECT } from "./fixtures";
import { createShare } from "./sharing-helpers";

// With open registration anyone may register the invitee's address; until the account proves the
// address (the e-mailed link), nothing sent to that address shows.
test.describe("e-mail verification", () => {
  test("open registration: banner, and Shared with me asks for the proof until the e-mailed link is opened; then the share shows", async ({ page, createUser, loginAs, newCreator }, testInfo) => {
    test.slow(); // a whole journey: register, resend, open the link from the outbox, back to the dashboard
    const owner = await newCreator();
    const email = uniqueEmail(testInfo, "unverified");
    const idea = await expectJson(await owner.api.post("/api/ideas", { data: { title: "Solar Kettle", content: "<p>x</p>" } }), 201);
    await createShare(owner.api, { ideaId: idea.id, shareType: "email", recipientEmail: email });

    const user = await createUser({ email, verified: false });
    await loginAs(page, user);
    expect(await expectJson(await page.request.get("/api/auth/me"), 200)).toMatchObject({ email, emailVerified: false });
    expect(await expectJson(await page.request.get("/api/shared-with-me"), 200)).toEqual([]);

    await page.goto("/dashboard");
    const banner = page.getByRole("region", { name: "E-mail verification" });
    await expect(banner).toContainText(`Please verify your e-mail address. We sent a link to ${email}.`);
    await expect(page.getByRole("heading", { name: "Drafts" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Shared with me" })).toContainText("Verify your e-mail address to see ideas shared with you");
    await expect(page.getByText("Solar Kettle")).toHaveCount(0);

    // 'Resend link' mails a second link; only the newest works.
    expect((await readOutbox(email)).filter((m) => m.subject === VERIFY_SUBJECT)).toHaveLength(1);
    await banner.getByRole("button", { name: "Resend link" }).click();
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain(`We sent a new link to ${email}.`);
    await expect.poll(async () => (await readOutbox(email)).filter((m) => m.subject === VERIFY_SUBJECT).length).toBe(2);

    // The owner of the mailbox opens the newest link from the outbox.
    await page.goto("/dev/outbox");
    const mail = page.getByRole("article").filter({ hasText: email }).filter({ hasText: VERIFY_SUBJECT }).first();
    const link = mail.getByRole("link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    await link.click();
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
    await page.getByRole("link", { name: "Go to your dashboard" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Drafts" })).toBeVisible();
    await expect(page.getByRole("region", { name: "E-mail verification" })).toHaveCount(0);
    const shared = page.getByRole("region", { name: "Shared with me" });
    await expect(shared.getByRole("listitem").filter({ hasText: `Idea (${idea.id}) : Solar Kettle` })).toBeVisible();
    expect(await expectJson(await page.request.get("/api/auth/me"), 200)).toMatchObject({ emailVerified: true });

    // The link was single use: opening it again says so.
    await page.goto(href!);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("This verification link is invalid or has expired.");
  });
});
