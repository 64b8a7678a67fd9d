import { test, expect } from "./fixtures";

// The suite's server takes anyone (open registration) and has accounts: landing-invite-only.spec.ts covers an
// invite-only instance (SPEC's texts, the waitlist), sign-up.spec.ts a brand-new one.
test.describe("landing page", () => {
  test("presents the product with its links, and sign-up on this open instance", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Your idea is your property." })).toBeVisible();
    await expect(page.getByText("NDA protected · Blockchain timestamped")).toBeVisible();
    // Open registration: no invite-only texts, a way in instead.
    await expect(page.getByText(/Invite only/i)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "File an Idea" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Join our waitlist" })).toHaveCount(0);

    const footer = page.locator("footer");
    await expect(footer.getByText("Blockchain timestamp")).toBeVisible();
    for (const href of ["/about", "/contact", "/privacy-policy", "/data-handling"]) {
      await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
    }

    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByText("Start protecting your ideas today.")).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: "Private Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
  });

  test("the footer links /about, /contact, /privacy-policy and /data-handling (SPEC) and /verify, each once", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const href of ["/about", "/contact", "/privacy-policy", "/data-handling", "/verify"]) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
      await expect(page.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await footer.getByRole("link", { name: "Data Handling" }).click();
    await expect(page).toHaveURL(/\/data-handling$/);
    await expect(page.getByRole("heading", { level: 1, name: "Data Handling (GDPR)" })).toBeVisible();
  });
});
