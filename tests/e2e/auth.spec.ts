import type { Page } from "@playwright/test";
import { test, expect, uniqueEmail, waitForMail, firstLink, readOutbox, seenToasts, RESET_SUBJECT } from "./fixtures";

const LOGGED_IN = "You have been logged in successfully!";
const LOGIN_FAILED = "Invalid email or password. Please try again.";

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/**
 * Fills the login form and submits it. On success the toast is shown just before the browser navigates to
 * /dashboard, so it is checked in the toast record that survives the navigation.
 */
async function logInThroughForm(page: Page, email: string, password: string, { expectSuccess = true } = {}) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  if (expectSuccess) {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Idea Portfolio" })).toBeVisible();
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain(LOGGED_IN);
  }
}

test.describe("registration", () => {
  test("shows the form errors, including 'Passwords don't match' on the confirm field", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(page.getByRole("link", { name: /Log in/ })).toHaveAttribute("href", "/login");

    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toHaveCount(2);

    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password", { exact: true }).fill("secret-one");
    await page.getByLabel("Confirm Password").fill("secret-two");
    await page.getByRole("button", { name: "Create Account" }).click();

    const confirm = page.getByLabel("Confirm Password");
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#register-confirmPassword-error")).toHaveText("Passwords don't match");
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
    await expect(page.getByText("Name must be at least 2 characters")).toBeHidden();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("register (signed in at once), go on to the dashboard greeting, log out, log in again", async ({ page }, testInfo) => {
    test.slow(); // a whole journey: register, log out, log in
    const email = uniqueEmail(testInfo, "signup");
    const password = "correct-horse-1";

    await page.goto("/register");
    await page.getByLabel("Full Name").fill("Marie Curie");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();

    // Registering signs the account in and goes straight on to its dashboard, with its first steps.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Account created successfully!");
    expect((await seenToasts(page)).join("\n")).not.toContain("Please log in");
    await expect(page.getByRole("heading", { name: "Idea Portfolio" })).toBeVisible();
    await expect(page.getByText("Hi Marie")).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem("currentUser"))) ?? "null")).toMatchObject({ name: "Marie Curie", email });
    const steps = page.getByRole("region", { name: "Your first steps" });
    await expect(steps).toContainText("0 of 4 done");
    await expect(steps.getByRole("listitem")).toHaveText([/To do: Write or upload your idea/, /To do: Publish it/, /To do: Share it/, /To do: Open your link in a private window/]);
    // Shared with me is there from the start; what was sent to the address waits for its proof.
    const shared = page.getByRole("region", { name: "Shared with me" });
    await expect(shared).toContainText("Verify your e-mail address to see ideas shared with you");
    await expect(shared.getByRole("button", { name: "Resend verification link" })).toBeVisible();

    await page.getByRole("button", { name: "Account" }).click();
    await expect(page.getByRole("menuitem", { name: "Profile Settings" })).toHaveAttribute("href", "/profile");
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem("currentUser"))).toBeNull();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
    await expect(page.getByText(/You are signed in as/)).toHaveCount(0);

    await logInThroughForm(page, email, password);
    await expect(page.getByText("Hi Marie")).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem("currentUser"));
    expect(JSON.parse(stored ?? "null")).toMatchObject({ name: "Marie Curie", email });
  });

  // A taken address: a11y-polish.spec.ts ("register: a short name, then a taken e-mail") checks the spec's toast,
  // the message beside the field and that the browser stays on /register.
});

test.describe("login", () => {
  test("the login screen has its links and, on this open instance, 'Sign up'; no social sign-in where none is set up", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Forgot" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("button", { name: "Sign up (Invite Only)" })).toHaveCount(0);
    // The suite's server has no Google, GitHub or X client configured: no button that could only fail.
    await expect(page.getByRole("group", { name: "Sign in with a social account" })).toHaveCount(0);
    await expect(page.getByText("or continue with")).toHaveCount(0);
  });

  // A wrong password: a11y-polish.spec.ts ("login with a wrong password") checks the spec's toast, the message
  // under the field and that the browser stays on /login; the reset journey below sees it after a reset too.
  test("login validates the form before sending", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("nope");
    await page.getByLabel("Password", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("the show/hide toggle switches the password input type", async ({ page }) => {
    await page.goto("/login");
    const input = page.getByLabel("Password", { exact: true });
    await input.fill("hunter22");
    await expect(input).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Show password" }).click();
    await expect(input).toHaveAttribute("type", "text");
    await expect(input).toHaveValue("hunter22");

    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(input).toHaveAttribute("type", "password");
  });

  test("signing in from a guarded page returns to it", async ({ page, createUser }) => {
    const user = await createUser({ name: "Ada Byron" });
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
    await logInThroughForm(page, user.email, user.password);
    await expect(page.getByText("Hi Ada")).toBeVisible();
  });

  test("a callbackUrl that normalizes to another host lands on our own /dashboard", async ({ page, createUser, baseURL }) => {
    const user = await createUser();
    // "/.//host" passes a raw-string check but the URL parser makes it "//host": another origin.
    await page.goto("/login?callbackUrl=/.//127.0.0.1:9/pwned");
    await logInThroughForm(page, user.email, user.password);
    const landed = new URL(page.url());
    expect(landed.origin).toBe(new URL(baseURL!).origin);
    expect(landed.pathname).toBe("/dashboard");
  });

  test("the logout confirm page (for browsers without Fetch Metadata) logs out with its button, no script needed", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    // Chromium always sends Sec-Fetch-Site: fetch the page as a browser without Fetch Metadata (and no Referer) gets it.
    await page.route("**/api/auth/logout", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const headers = Object.fromEntries(
        Object.entries(await route.request().allHeaders()).filter(([name]) => !name.startsWith("sec-fetch-") && name !== "referer"),
      );
      await route.fulfill({ response: await route.fetch({ headers, maxRedirects: 0 }) });
    });
    await page.goto("/api/auth/logout");
    await expect(page.getByRole("heading", { name: "Log out of IdeaVault?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/dashboard");
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });

  test("loginAs signs the browser in (fixture check)", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Idea Portfolio" })).toBeVisible();
    await expect(page.getByText(`Hi ${user.firstName}`)).toBeVisible();
  });
});

test.describe("forgot and reset password", () => {
  test("reset through the e-mailed link; old password and reused link are refused", async ({ page, createUser }) => {
    test.slow(); // a whole journey: request, e-mail, reset, two logins, reuse
    const user = await createUser();
    const newPassword = "brand-new-secret";

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(toasts(page).getByText("Password reset instructions have been sent to your email.")).toBeVisible();

    const mail = await waitForMail(user.email, undefined, RESET_SUBJECT);
    expect(mail.subject).toBe("Reset your IdeaVault password");
    const link = new URL(firstLink(mail.text));
    expect(link.pathname).toBe("/reset-password");
    // Without NEXTAUTH_URL the link names the host the browser used.
    expect(link.origin).toBe(new URL(page.url()).origin);
    const resetPath = `${link.pathname}${link.search}`;

    await page.goto(resetPath);
    await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword + "x");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(toasts(page).getByText("Your password has been reset. Please log in.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works.
    await logInThroughForm(page, user.email, user.password, { expectSuccess: false });
    await expect(toasts(page).getByText(LOGIN_FAILED)).toBeVisible();

    await logInThroughForm(page, user.email, newPassword);
    await expect(page.getByText(`Hi ${user.firstName}`)).toBeVisible();

    // The link works once.
    await page.goto(resetPath);
    await page.getByLabel("New password").fill("third-password");
    await page.getByLabel("Confirm password").fill("third-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.locator("form").getByText("This reset link is invalid or has expired.")).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\?token=/);
  });

  test("an unknown address gets the same 'Check Your Email' answer, and 'Try Again' returns to the form", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "nobody");
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
    expect(await readOutbox(email)).toEqual([]);

    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  });

  test("a malformed reset link shows the invalid-link notice", async ({ page }) => {
    await page.goto("/reset-password?token=short");
    await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute("href", "/forgot-password");
  });

  test("the developer outbox page lists the reset e-mail with a clickable link", async ({ page, createUser, request }) => {
    const user = await createUser();
    const res = await request.post("/api/auth/forgot-password", { data: { email: user.email } });
    expect(res.status()).toBe(200);
    const mail = await waitForMail(user.email, undefined, RESET_SUBJECT);

    const response = await page.goto("/dev/outbox");
    expect(response?.status()).toBe(200);
    // The account's verification mail is listed too: pick the reset mail.
    const entry = page.getByRole("article").filter({ hasText: user.email }).filter({ hasText: RESET_SUBJECT });
    await expect(entry.getByRole("heading", { name: "Reset your IdeaVault password" })).toBeVisible();
    await expect(entry.locator("pre")).toContainText(`Hi ${user.name},`);
    await expect(entry.getByRole("link")).toHaveAttribute("href", firstLink(mail.text));
  });
});
