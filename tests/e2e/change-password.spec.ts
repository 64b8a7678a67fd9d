import { test, expect, waitForMail } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";

test.describe("profile: change password", () => {
  test("a wrong current password shows on its field; a good change keeps this browser signed in and signs the others out", async ({ page, browser, createUser, loginAs }) => {
    const user = await createUser();
    // Another browser signed in to the same account.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAs(otherPage, user);

    await loginAs(page, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Change password" });
    await expect(section).toBeVisible();
    const current = section.getByLabel("Current password", { exact: true });
    const next = section.getByLabel("New password", { exact: true });
    const confirm = section.getByLabel("Confirm new password", { exact: true });

    // Checked in the browser first: mismatched confirmation.
    await current.fill(user.password);
    await next.fill("brand-new-password");
    await confirm.fill("something-else");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByText("Passwords don't match")).toBeVisible();

    // Refused by the server: the wrong current password, on that field, focused.
    await current.fill("not-my-password");
    await confirm.fill("brand-new-password");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(current).toHaveAccessibleDescription("Incorrect password.");
    await expect(current).toBeFocused();
    await expectNoSeriousA11yViolations(page, "profile with a refused password change");

    await current.fill(user.password);
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Your password has been changed." })).toBeVisible();
    await expect(current).toHaveValue("");

    // This browser is still signed in; the other one is not.
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);
    expect((await otherPage.request.get("/api/auth/me")).status()).toBe(401);
    await other.close();

    // The new password signs in, the old one does not; the account was told.
    expect((await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(401);
    expect((await page.request.post("/api/auth/login", { data: { email: user.email, password: "brand-new-password" } })).status()).toBe(200);
    await waitForMail(user.email, 20_000, "Your IdeaVault password was changed");
  });
});
