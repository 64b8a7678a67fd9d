import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, seenToasts, holdRequests } from "./fixtures";
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
    await expect(email).toHaveAccessibleDescription("Email cannot be changed");
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
