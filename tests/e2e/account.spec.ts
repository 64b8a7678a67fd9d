import { execFileSync } from "node:child_process";
import { test, expect, createIdea } from "./api-helpers";
import { expectNoSeriousA11yViolations } from "./axe";
import { holdRequests, seenToasts, waitForMail } from "./fixtures";

/**
 * On /profile, 'Download my data' gives the account as a ZIP (with progress while it is built), and
 * 'Delete account' asks for the password, confirms, deletes everything and ends signed out on a page that says so.
 */
test.describe("profile: leaving with your data, and leaving", () => {
  test("'Download my data' shows 'Preparing…' and saves a ZIP of the account", async ({ page, createUser, loginAs }, testInfo) => {
    const user = await createUser();
    await loginAs(page, user);
    const idea = await createIdea(page.request, { title: "Export Me", content: "<p>My secret plan</p>" });
    await page.goto("/profile");
    await expect(page.getByRole("region", { name: "Your data", exact: true })).toBeVisible();

    const hold = await holdRequests(page, "**/api/account/export");
    const downloaded = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    await hold.held();
    await expect(page.getByText("Preparing…")).toBeVisible();
    await expect(page.getByRole("button", { name: /Download my data/ })).toBeDisabled();
    hold.release();

    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^ideavault-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = testInfo.outputPath("data.zip");
    await download.saveAs(file);
    const names = JSON.parse(
      execFileSync("/usr/bin/python3", ["-c", "import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps(z.namelist()))", file]).toString(),
    ) as string[];
    expect(names).toEqual(expect.arrayContaining(["account.json", "README.txt", `ideas/idea-${idea.id}/idea-${idea.id}.html`, `ideas/idea-${idea.id}/activity.csv`]));
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Your data has been downloaded.");
    await expect(page.getByRole("button", { name: "Download my data" })).toBeEnabled();
  });

  test("'Delete account' asks for the password, confirms, and ends signed out; the login then fails", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    const idea = await createIdea(page.request, { title: "Gone Soon", content: "<p>Soon gone</p>" });
    const share = (await (await page.request.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access" } })).json()) as { accessLink: string };
    await page.goto("/profile");
    const zone = page.getByRole("region", { name: "Delete account", exact: true });
    await expect(zone).toContainText("your ideas, drafts and published, and every file you uploaded");
    const password = zone.getByLabel("Password", { exact: true });

    // No password: the message sits next to the field, which gets focus.
    await zone.getByRole("button", { name: "Delete account" }).click();
    await expect(zone.getByText("Enter your password to delete your account.")).toBeVisible();
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page, "/profile with the delete section's error");

    // A wrong password, with the keyboard: Enter submits, the dialog confirms, the server refuses next to the field.
    await password.fill("not-my-password");
    await password.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Delete your account for good?" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the delete confirmation");
    await dialog.getByRole("button", { name: "Delete my account" }).focus();
    await page.keyboard.press("Enter");
    await expect(zone.getByText("Incorrect password.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(password).toBeFocused();
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);

    // Cancel changes nothing.
    await password.fill(user.password);
    await zone.getByRole("button", { name: "Delete account" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);

    await zone.getByRole("button", { name: "Delete account" }).click();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account has been deleted");
    await expect(page.getByRole("status")).toContainText("Your account and its data have been deleted");
    await expectNoSeriousA11yViolations(page, "/account-deleted");

    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
    const login = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect(login.status()).toBe(401);
    expect((await page.request.get(`/api/share/${share.accessLink}`)).status()).toBe(404);
    const mail = await waitForMail(user.email, 20_000, "Your IdeaVault account has been deleted");
    expect(mail.text).toContain("Your IdeaVault account has been deleted, as you asked.");
  });
});
