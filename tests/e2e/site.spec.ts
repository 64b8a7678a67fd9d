import { test, expect } from "./fixtures";

test.describe("cookie banner", () => {
  test.use({ presetCookieConsent: false });

  const consent = (page: import("@playwright/test").Page) => page.evaluate(() => window.localStorage.getItem("cookieConsent"));

  test("Accept stores 'true' and the banner stays hidden after a reload", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(await consent(page)).toBeNull();

    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    expect(await consent(page)).toBe("true");

    await page.reload();
    await expect(page.getByRole("heading", { name: "About IdeaVault" })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Contact us" })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test("Decline stores 'false' and the banner stays hidden", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    expect(await consent(page)).toBe("false");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test("the close icon stores 'false'", async ({ page }) => {
    await page.goto("/login");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Close" }).click();
    await expect(banner).toBeHidden();
    expect(await consent(page)).toBe("false");
  });
});

test.describe("not-found screen", () => {
  for (const path of ["/no-such-page", "/editorial/x/y"]) {
    test(`${path} answers 404 with the not-found texts`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    });
  }
});

test("signed out, the creator's screens redirect to /login with a callbackUrl", async ({ page }) => {
  for (const path of ["/dashboard", "/editor/new", "/share/1", "/profile"]) {
    await page.goto(path);
    const url = new URL(page.url());
    expect(url.pathname, path).toBe("/login");
    expect(url.searchParams.get("callbackUrl")).toBe(path);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
  }
});

test.describe("static pages", () => {
  const pages: { path: string; heading: string; texts: (string | RegExp)[] }[] = [
    { path: "/about", heading: "About IdeaVault", texts: ["Your idea is your property.", /blockchain/i, /NDA|non-disclosure/] },
    {
      path: "/contact",
      heading: "Contact us",
      texts: ["Support typically responds within 24 hours.", "support@ideavault.app", "hello@ideavault.app", "security@ideavault.app"],
    },
    {
      path: "/privacy-policy",
      heading: "Privacy Policy",
      texts: [/72 hours/, /one\s+month/, /two\s+further\s+months|two months/, /AES-256/, "privacy@ideavault.app", "dpo@ideavault.app"],
    },
    { path: "/data-handling", heading: "Data Handling (GDPR)", texts: [/72 hours/, /one month/, /AES-256/] },
    { path: "/terms", heading: "Terms of Service", texts: [/non-disclosure agreement/] },
    { path: "/privacy", heading: "Privacy Notice", texts: [/AES-256/] },
  ];

  for (const { path, heading, texts } of pages) {
    test(`${path} shows its key texts`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const main = page.locator("main");
      for (const text of texts) await expect(main).toContainText(text);
      await expect(page.locator("footer").getByText("Blockchain timestamp")).toBeVisible();
    });
  }

  test("the contact page lists three support contacts", async ({ page }) => {
    await page.goto("/contact");
    const contacts = page.getByRole("region", { name: "Support contacts" });
    for (const name of ["Support", "General Inquiries", "Security"]) {
      await expect(contacts.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(contacts.getByRole("link")).toHaveCount(3);
  });

  test("the Back button goes back in history", async ({ page }) => {
    await page.goto("/");
    await page.locator('footer a[href="/about"]').click();
    await expect(page.getByRole("heading", { name: "About IdeaVault" })).toBeVisible();
    await page.getByRole("button", { name: /Back/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
