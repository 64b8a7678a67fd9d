import { expect, uniqueEmail } from "./fixtures";
import { inviteOnlyTest as test } from "./instances";
import { expectNoSeriousA11yViolations } from "./axe";

/**
 * The landing page of an instance in invite mode that has its first account: SPEC's invite-only texts, the
 * 'Platform is Invite Only' dialog and the waitlist. The instance is started once for this file (instances.ts), so
 * its tests run in one worker, one after another.
 */
test.describe.configure({ mode: "default" });

const SUCCESS = "You've been added to our waitlist. We'll notify you when it's your turn!";

test.describe("landing page of an invite-only instance", () => {
  test("says 'Invite only'; /login has the disabled sign-up; /register asks for an invitation", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.getByText("Invite only · NDA protected · Blockchain timestamped")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveCount(0);
    await page.getByRole("link", { name: "Private Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign up (Invite Only)" })).toBeDisabled();
    await page.goto("/register");
    await expect(page.getByText("IdeaVault is invite only. Ask an existing member for an invitation link.")).toBeVisible();
  });

  test("'File an Idea' opens the invite-only dialog, which closes and leads to the waitlist", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "File an Idea" }).click();

    const dialog = page.getByRole("dialog", { name: "Platform is Invite Only" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Join Waitlist" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "File an Idea" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Join Waitlist" }).click();
    const waitlist = page.getByRole("dialog", { name: "Join the waitlist" });
    await expect(waitlist).toBeVisible();
    await expect(waitlist.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(waitlist.getByLabel("Email")).toBeVisible();
    await expect(waitlist.getByLabel(/Profession/)).toBeVisible();
  });

  test("joining the waitlist shows the success view, and closing resets it", async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Join our waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
    await dialog.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await dialog.getByLabel("Email").fill(uniqueEmail(testInfo, "waitlist"));
    await dialog.getByLabel(/Profession/).fill("Inventor");
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();

    const joined = page.getByRole("dialog", { name: "You're on the list" });
    await expect(joined.getByText(SUCCESS)).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").getByText(SUCCESS)).toBeVisible();

    await joined.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(joined).toBeHidden();

    await page.getByRole("button", { name: "Join our waitlist" }).click();
    await expect(page.getByRole("dialog", { name: "Join the waitlist" }).getByLabel("Name", { exact: true })).toHaveValue("");
  });

  test("an address already on the waitlist gets the 'Already on waitlist' notice", async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, "waitlist");
    const first = await request.post("/api/waitlist", { data: { name: "Grace Hopper", email, profession: null } });
    expect(first.status()).toBe(201);

    await page.goto("/");
    await page.getByRole("button", { name: "Join our waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
    await dialog.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();

    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Already on waitlist")).toBeVisible();
    await expect(toast.getByText("This email is already on our waitlist. Thank you for your interest!")).toBeVisible();
    await expect(dialog.getByRole("status")).toContainText("already signed up");
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
  });

  test("waitlist fields are validated before anything is sent", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/waitlist") && r.method() === "POST") posted = true;
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Join our waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
    const submit = dialog.getByRole("button", { name: "Join Waitlist" });

    await submit.click();
    await expect(dialog.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Name", { exact: true }).fill("A");
    await dialog.getByLabel("Email").fill("not-an-email");
    await submit.click();
    await expect(dialog.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();

    // Profession is optional: fixing name and e-mail clears both messages.
    await dialog.getByLabel("Name", { exact: true }).fill("Al");
    await dialog.getByLabel("Email").fill("al@example");
    await submit.click();
    await expect(dialog.getByText("Name must be at least 2 characters.")).toBeHidden();
    await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("/#waitlist (the register page's 'Join our waitlist') opens the waitlist form", async ({ page }) => {
    await page.goto("/#waitlist");
    const waitlist = page.getByRole("dialog", { name: "Join the waitlist" });
    await expect(waitlist).toBeVisible();
    await expect(waitlist.getByLabel("Name", { exact: true })).toBeFocused();

    // Closed, it stays closed on a reload; a link to the hash on the page opens it again.
    await waitlist.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(waitlist).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your idea is your property." })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // A link followed once the page is live: React has hydrated the button (its props are on the node). Set mid-way
    // through hydration, the hash would be dropped by the router's first history entry, before any listener exists.
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Join our waitlist");
      return Boolean(button && Object.keys(button).some((key) => key.startsWith("__reactProps")));
    });
    await page.evaluate(() => {
      window.location.hash = "waitlist";
    });
    await expect(waitlist).toBeVisible();
  });

  test("the landing page's dialogs, closed with Escape or Close", async ({ page }) => {
    await page.goto("/");
    const fileIdea = page.getByRole("button", { name: "File an Idea" });
    await fileIdea.click();
    await expect(page.getByRole("dialog", { name: "Platform is Invite Only" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(fileIdea).toBeFocused();

    const waitlist = page.getByRole("button", { name: "Join our waitlist" });
    await waitlist.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Join the waitlist" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(waitlist).toBeFocused();

    await fileIdea.click();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(fileIdea).toBeFocused();
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test.describe(`with the cookie banner (${viewport.width} px)`, () => {
      test.use({ viewport, presetCookieConsent: false });

      test("landing page with the banner, its dialogs and the waitlist errors", async ({ page }) => {
        await page.goto("/");
        await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
        await expectNoSeriousA11yViolations(page, "/ with the cookie banner");
        await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
        await page.getByRole("button", { name: "File an Idea" }).click();
        await expect(page.getByRole("dialog", { name: "Platform is Invite Only" })).toBeVisible();
        await expectNoSeriousA11yViolations(page, "the invite-only dialog");
        await page.getByRole("button", { name: "Join Waitlist" }).click();
        const waitlist = page.getByRole("dialog", { name: "Join the waitlist" });
        await expect(waitlist).toBeVisible();
        await waitlist.locator("button[type=submit]").click();
        await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
        await expectNoSeriousA11yViolations(page, "the waitlist dialog with its errors");
      });
    });
  }
});
