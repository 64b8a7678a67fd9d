import { test, expect } from "./api-helpers";
import { seenToasts } from "./fixtures";

/**
 * On /profile: the owner's switch for their e-mail on NDA certificates (off by default,
 * saved at once, kept across a reload), and a single-line field's refusal shown next to the field.
 */
test.describe("profile: certificates and single-line names", () => {
  test("'Show my e-mail address on NDA certificates' is off, turns on with the keyboard and stays on", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "NDA certificates", exact: true });
    await expect(section).toBeVisible();
    const toggle = page.getByRole("switch", { name: "Show my e-mail address on NDA certificates", exact: true });
    await expect(toggle).not.toBeChecked();
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked();
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Certificate settings saved.");
    await expect(toggle).toBeEnabled();
    expect(await (await page.request.get("/api/auth/me")).json()).toMatchObject({ email: user.email, showEmailOnCertificates: true });
    await page.reload();
    await expect(page.getByRole("switch", { name: "Show my e-mail address on NDA certificates", exact: true })).toBeChecked();
  });

  test("a name with a bidirectional override is refused next to the field, by the form and by the server", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toHaveValue(user.name);
    await name.fill("\u202eevil\u202c Bob");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Name cannot contain line breaks or control characters.")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    const res = await page.request.put("/api/profile", { data: { name: "Eve\n10. Void." } });
    expect(res.status()).toBe(400);
    expect((await res.json()).error).toBe("Name cannot contain line breaks or control characters.");
    expect((await (await page.request.get("/api/auth/me")).json()).name).toBe(user.name);
  });
});
