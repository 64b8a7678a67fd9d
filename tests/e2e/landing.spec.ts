import { test, expect, uniqueEmail } from "./fixtures";

const SUCCESS = "You've been added to our waitlist. We'll notify you when it's your turn!";

test.describe("landing page", () => {
  test("presents the invite-only platform with its links", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Your idea is your property." })).toBeVisible();

    const footer = page.locator("footer");
    await expect(footer.getByText("Blockchain timestamp")).toBeVisible();
    for (const href of ["/about", "/contact", "/privacy-policy", "/data-handling"]) {
      await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
    }

    await page.getByRole("link", { name: "Private Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
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

  test("the footer links /about, /contact, /privacy-policy and /data-handling (SPEC), each once", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const href of ["/about", "/contact", "/privacy-policy", "/data-handling"]) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
      await expect(page.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await footer.getByRole("link", { name: "Data Handling" }).click();
    await expect(page).toHaveURL(/\/data-handling$/);
    await expect(page.getByRole("heading", { level: 1, name: "Data Handling (GDPR)" })).toBeVisible();
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
    await page.evaluate(() => {
      window.location.hash = "waitlist";
    });
    await expect(waitlist).toBeVisible();
  });
});
