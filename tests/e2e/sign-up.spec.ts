import type { AppUnderTest } from "../../scripts/app-under-test";
import { test, expect, seenToasts } from "./fixtures";
import { startInstance } from "./instances";

/**
 * A brand-new instance (invite mode, no account yet): the landing page and /login offer its first account, which goes
 * straight to its dashboard; from then on the instance is invite only, with SPEC's texts. One instance for the file,
 * used in order.
 */
test.describe.configure({ mode: "serial" });

let app: AppUnderTest;

test.beforeAll(async () => {
  // A PostgreSQL cluster made and migrated, then the server: tens of seconds on a busy machine.
  test.setTimeout(240_000);
  app = await startInstance("invite");
});

test.afterAll(async () => {
  await app?.stop();
});

test("a brand-new instance offers its first account; registering goes straight to the dashboard and its first steps", async ({ page }) => {
  test.slow(); // a journey on a second server
  await page.goto(`${app.base}/`);
  await expect(page.getByText("NDA protected · Blockchain timestamped")).toBeVisible();
  await expect(page.getByText(/Invite only/i)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "File an Idea" })).toHaveCount(0);
  await expect(page.getByText("This IdeaVault has no account yet. The first one you create sets it up.")).toBeVisible();

  await page.getByRole("link", { name: "Private Login" }).click();
  await expect(page).toHaveURL(`${app.base}/login`);
  await expect(page.getByRole("button", { name: "Sign up (Invite Only)" })).toHaveCount(0);
  await page.getByRole("link", { name: "Create the first account" }).click();
  await expect(page).toHaveURL(`${app.base}/register`);
  await expect(page.getByText("This IdeaVault has no account yet: yours will be the first.")).toBeVisible();

  await page.getByLabel("Full Name").fill("Ada Founder");
  await page.getByLabel("Email").fill("ada.founder@example.com");
  await page.getByLabel("Password", { exact: true }).fill("founder-pw-1");
  await page.getByLabel("Confirm Password").fill("founder-pw-1");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(`${app.base}/dashboard`);
  await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Account created successfully!");
  await expect(page.getByText("Hi Ada")).toBeVisible();
  const steps = page.getByRole("region", { name: "Your first steps" });
  await expect(steps).toContainText("0 of 4 done");
  await expect(steps.getByRole("link", { name: "Write one now" })).toHaveAttribute("href", "/editor/new");

  // A step done ticks on the next visit.
  expect((await page.request.post(`${app.base}/api/ideas`, { data: { title: "Solar kettle", content: "<p>Plan</p>" } })).status()).toBe(201);
  await page.reload();
  await expect(steps).toContainText("1 of 4 done");
  await expect(steps.getByRole("listitem").first()).toHaveText(/^Done: Write or upload your idea/);
  await expect(steps.getByRole("listitem").nth(1)).toHaveText(/^To do: Publish it/);
});

test("with its first account, an invite-only instance shows SPEC's invite-only texts", async ({ page }) => {
  await page.goto(`${app.base}/`);
  await expect(page.getByText("Invite only · NDA protected · Blockchain timestamped")).toBeVisible();
  await expect(page.getByRole("button", { name: "File an Idea" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create the first account" })).toHaveCount(0);
  await page.goto(`${app.base}/login`);
  await expect(page.getByRole("button", { name: "Sign up (Invite Only)" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Create the first account" })).toHaveCount(0);
});
