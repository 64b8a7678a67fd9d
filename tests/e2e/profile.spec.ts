import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, seenToasts, holdRequests, firstLink, readOutbox, uniqueEmail, waitForMail } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { PNG_1X1 } from "./api-helpers";

const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const nameInput = (page: Page) => page.getByLabel("Name", { exact: true });

test.describe("profile settings", () => {
  test("shows the profile, validates and saves the name", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");

    await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
    await expect(nameInput(page)).toHaveValue(user.name);
    const email = page.getByLabel("Email");
    await expect(email).toHaveValue(user.email);
    await expect(email).toBeDisabled();
    await expect(email).toHaveAccessibleDescription("To use another address, see 'Change e-mail' below.");
    await expect(page.getByRole("button", { name: "Change Photo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    // The site footer is there, but without the About / Contact / Privacy links.
    const footer = page.locator("footer");
    await expect(footer).toContainText("Blockchain timestamp");
    for (const label of ["About", "Contact", "Privacy"]) {
      await expect(page.getByRole("link", { name: label, exact: true })).toHaveCount(0);
    }
    await expect(page.locator("a[href='/about'], a[href='/contact'], a[href='/privacy-policy']")).toHaveCount(0);

    // Too short a name is refused without a request.
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && r.url().includes("/api/profile")) writes.push(r.url());
    });
    await nameInput(page).fill("A");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(nameInput(page)).toHaveAttribute("aria-invalid", "true");
    expect(writes).toEqual([]);

    // A new name is saved, survives a reload and greets on the dashboard.
    const first = `Rena${crypto.randomBytes(2).toString("hex")}`;
    const newName = `${first} Renamed`;
    await nameInput(page).fill(newName);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page).filter({ hasText: "Your profile has been updated successfully." })).toBeVisible();
    await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
    expect(writes).toHaveLength(1);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("currentUser") ?? "null"));
    expect(stored).toMatchObject({ name: newName });

    await page.reload();
    await expect(nameInput(page)).toHaveValue(newName);
    await expect(page.getByLabel("Email")).toHaveValue(user.email);

    await page.goto("/dashboard");
    await expect(page.getByText(`Hi ${first}`, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("menuitem", { name: "Profile Settings" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nameInput(page)).toHaveValue(newName);
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account" }).locator("[data-slot=avatar-fallback]")).toHaveText("R");
  });

  test("changes the photo, then logs out", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");
    await expect(nameInput(page)).toHaveValue(user.name);
    await expect(page.getByRole("img", { name: "Profile photo" })).toHaveCount(0);

    // Hold the upload until the uploading state has been seen (however slow the machine).
    const upload = await holdRequests(page, "**/api/profile/image");
    await page.locator("input[type=file][accept='image/*']").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1X1 });
    await upload.held();
    await expect(page.getByText("Uploading image...")).toBeVisible();
    upload.release();
    await expect(toasts(page).filter({ hasText: "Your profile image has been updated." })).toBeVisible();
    await expect(page.getByText("Uploading image...")).toHaveCount(0);
    const avatar = page.getByRole("img", { name: "Profile photo" });
    await expect(avatar).toHaveAttribute("src", /^\/api\/files\/[^/]+$/);
    const src = (await avatar.getAttribute("src"))!;

    const me = (await (await page.request.get("/api/auth/me")).json()) as { profileImage: string | null };
    expect(me.profileImage).toBe(src);
    await page.reload();
    await expect(page.getByRole("img", { name: "Profile photo" })).toHaveAttribute("src", src);
    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: "Account" }).locator("img")).toHaveAttribute("src", src);

    // Logout.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("You have been logged out successfully.");
    expect(await page.evaluate(() => window.localStorage.getItem("currentUser"))).toBeNull();

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });
});

const PHONE = { width: 390, height: 844 };
const sectionNav = (page: Page) => page.getByRole("navigation", { name: "Profile sections" });
const currentSection = (page: Page) => sectionNav(page).locator("a[aria-current=location]");

test.describe("profile sections", () => {
  test("desktop: a side list that stays in view, marks the section being read and works by keyboard; axe finds nothing", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    // An agreement that is not the default shows 'Set as default', whose name must contain what it says (WCAG 2.5.3).
    const advisorNda = await page.request.post("/api/agreements", { data: { title: "Advisor NDA", body: "The advisor keeps the idea confidential." } });
    expect(advisorNda.status()).toBe(201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/profile");
    await expect(page.getByRole("button", { name: "Set as default: Advisor NDA" })).toBeVisible();
    const nav = sectionNav(page);
    await expect(nav.getByRole("link")).toHaveText([
      "Profile",
      "Change e-mail",
      "Change password",
      "Brand",
      "Sharing defaults",
      "Agreements",
      "NDA certificates",
      "Notifications",
      "Webhooks",
      "Your data",
      "Delete account",
    ]);
    await expect(currentSection(page)).toHaveText("Profile");
    await expect(page.getByRole("button", { name: "Logout" })).toHaveAttribute("data-variant", "outline");
    await expectNoSeriousA11yViolations(page, "/profile", { alsoRules: ["label-content-name-mismatch"] });

    // By keyboard: focus a link, Enter jumps to its section, which is then the marked one.
    await nav.getByRole("link", { name: "Webhooks" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile#webhooks$/);
    await expect(page.getByRole("region", { name: "Webhooks", exact: true })).toBeInViewport();
    await expect(currentSection(page)).toHaveText("Webhooks");
    await expect(nav).toBeInViewport();

    // A short section at the end stays marked when chosen, though the page cannot scroll it to the top.
    await nav.getByRole("link", { name: "Your data" }).focus();
    await page.keyboard.press("Enter");
    await expect(currentSection(page)).toHaveText("Your data");
    await expect(page.getByRole("region", { name: "Your data", exact: true })).toBeInViewport();
    await expect(nav).toBeInViewport();

    // Scrolling on from there moves the mark with the page.
    await page.keyboard.press("Home");
    await expect(currentSection(page)).toHaveText("Profile");
    await page.getByRole("region", { name: "Agreements", exact: true }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
    await expect(currentSection(page)).toHaveText("Agreements");
  });

  test("phone: a row that scrolls sideways, keeps the marked link in view, and jumps on a tap", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.setViewportSize(PHONE);
    await page.goto("/profile");
    const row = sectionNav(page).getByRole("list");
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await row.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);

    const deleteLink = sectionNav(page).getByRole("link", { name: "Delete account" });
    await deleteLink.scrollIntoViewIfNeeded();
    await deleteLink.click();
    await expect(page).toHaveURL(/\/profile#delete-account$/);
    await expect(page.getByRole("region", { name: "Delete account", exact: true })).toBeInViewport();
    await expect(currentSection(page)).toHaveText("Delete account");

    // Back at the top, the row shows the marked link, scrolled to it.
    await page.goto("/profile#your-data");
    await expect(currentSection(page)).toHaveText("Your data");
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(sectionNav(page).getByRole("link", { name: "Your data" })).toBeInViewport();
    await expectNoSeriousA11yViolations(page, "/profile on a phone", { alsoRules: ["label-content-name-mismatch"] });
  });
});

test.describe("changing the e-mail address", () => {
  test("a link mailed to the new address moves the account; the old address is told; the link works once", async ({ page, createUser, loginAs }, testInfo) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile#change-email");
    const section = page.getByRole("region", { name: "Change e-mail", exact: true });
    const newEmail = uniqueEmail(testInfo, "moved");

    // A wrong password is refused on the password field, with focus; nothing is mailed.
    await section.getByLabel("New e-mail address").fill(newEmail);
    await section.getByLabel("Current password", { exact: true }).fill("not-my-password");
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(section.getByText("Incorrect password.")).toBeVisible();
    await expect(section.getByLabel("Current password", { exact: true })).toBeFocused();

    // The address it already has is refused on the address field.
    await section.getByLabel("New e-mail address").fill(user.email.toUpperCase());
    await section.getByLabel("Current password", { exact: true }).fill(user.password);
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(section.getByText("This is already your e-mail address.")).toBeVisible();
    await expect(section.getByLabel("New e-mail address")).toBeFocused();

    await section.getByLabel("New e-mail address").fill(newEmail);
    await section.getByLabel("Current password", { exact: true }).fill(user.password);
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    // The form's own status line (the button's spinner is a status too, and may still be fading out).
    await expect(section.locator('p[role="status"]')).toContainText(`We sent a link to ${newEmail}.`);
    const notice = await waitForMail(user.email, 20_000, "Your IdeaVault e-mail address is about to change");
    expect(notice.text).toContain(newEmail);
    expect((await (await page.request.get("/api/auth/me")).json()) as { email: string }).toMatchObject({ email: user.email });

    const link = firstLink((await waitForMail(newEmail, 20_000, "Confirm your new IdeaVault e-mail address")).text);
    expect(link).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]{43}$/);
    await page.goto(link);
    await expect(page.getByRole("status")).toHaveText(`Your e-mail address is now ${newEmail}. Sign in with it from now on; other browsers have been signed out.`);
    await expectNoSeriousA11yViolations(page, "/confirm-email");
    // This browser was the account's: it stays signed in, under the new address.
    expect((await (await page.request.get("/api/auth/me")).json()) as { email: string }).toMatchObject({ email: newEmail, emailVerified: true });
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    expect((await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(401);
    expect((await readOutbox(user.email)).some((m) => m.text.includes("/confirm-email"))).toBe(false);

    await page.goto(link);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "This link to change your e-mail address is invalid, has already been used or has expired. Ask for a new one on your profile.",
    );
  });
});
