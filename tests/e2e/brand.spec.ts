import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { test, expect } from "./api-helpers";
import { seenToasts } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { createShare } from "./sharing-helpers";
import { readableOnWhite } from "@/lib/domain/brand/contrast";

/**
 * The sender's brand: set on /profile ('Brand'), then seen by a recipient of a link on the details screen and in the
 * reader's header — the logo (alt: the display name), the name, and the accent on the primary buttons.
 */
const BRAND = "Acme Labs";
const ACCENT = "#0b57d0";
const ACCENT_RGB = "rgb(11, 87, 208)";
const PHONE = { width: 390, height: 844 };
/** A light accent: 1.3:1 on white, unreadable as text; it still fills buttons (with black text). */
const LIGHT_ACCENT = "#ffe066";

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

async function setBrand(page: Page) {
  await page.goto("/profile#brand");
  const section = page.getByRole("region", { name: "Brand", exact: true });
  await expect(section).toBeVisible();
  await section.getByLabel("Display name", { exact: true }).fill(BRAND);
  await section.getByLabel("Accent colour", { exact: true }).fill(ACCENT);
  const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: "#ff6600" } }).png().toBuffer();
  await section.getByTestId("brand-logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(section.getByRole("img", { name: "Your logo" })).toBeVisible();
  // The live preview follows what is typed, before it is saved.
  const preview = section.getByTestId("brand-preview");
  await expect(preview.getByRole("img", { name: BRAND })).toBeVisible();
  await expect(preview.getByText("Continue")).toHaveCSS("background-color", ACCENT_RGB);
  await section.getByRole("button", { name: "Save brand" }).click();
  await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Brand saved.");
  expect(await (await page.request.get("/api/profile/brand")).json()).toMatchObject({ displayName: BRAND, accentColor: ACCENT });
}

async function recipientSees(browser: Browser, baseURL: string | undefined, token: string, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
  const page = await context.newPage();
  try {
    await page.goto(`/view/${token}`);
    const verify = page.getByRole("button", { name: "Verify", exact: true });
    await expect(verify).toBeVisible();
    await expect(page.getByRole("img", { name: BRAND })).toBeVisible();
    await expect(page.getByText(`Shared with you by ${BRAND}`)).toBeVisible();
    await expect(verify).toHaveCSS("background-color", ACCENT_RGB);
    // White text on this blue: the server chose it for contrast.
    await expect(verify).toHaveCSS("color", "rgb(255, 255, 255)");
    await expectNoSeriousA11yViolations(page, `the details screen in the sender's brand${viewport ? " on a phone" : ""}`);

    await page.getByLabel("Name", { exact: true }).fill("Rita Reader");
    await page.getByLabel("Email", { exact: true }).fill("rita@example.com");
    await verify.click();
    await expect(page).toHaveURL(new RegExp(`/nda/${token}$`), { timeout: 15_000 });
    await expect(page.getByRole("img", { name: BRAND })).toBeVisible();
    await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.getByLabel("Type your full name to sign", { exact: true }).fill("Rita Reader");
    const agree = page.getByRole("button", { name: "I Agree" });
    await expect(agree).toHaveCSS("background-color", ACCENT_RGB);
    await agree.click();
    await expect(page).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });
    // The reader's header: the sender's logo and name above the document.
    const brand = page.locator("[data-slot=sender-brand]");
    await expect(brand.getByRole("img", { name: BRAND })).toBeVisible();
    await expect(brand).toContainText(BRAND);
    await expect(page.getByText(`Document shared by ${BRAND}`)).toBeVisible();
    const logo = await brand.getByRole("img", { name: BRAND }).evaluate((img: HTMLImageElement) => ({ loaded: img.complete && img.naturalWidth > 0, src: img.getAttribute("src") }));
    expect(logo.loaded).toBe(true);
    const res = await page.request.get(logo.src!);
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["content-type"]).toBe("image/png");
  } finally {
    await context.close();
  }
}

test.describe("the sender's brand", () => {
  test("set on /profile, seen by a recipient on the details screen, the agreement and the reader (desktop and 390 px)", async ({ page, browser, baseURL, createUser, loginAs }) => {
    test.setTimeout(120_000);
    const owner = await createUser();
    await loginAs(page, owner);
    await setBrand(page);
    await expectNoSeriousA11yViolations(page, "/profile with a brand");

    const idea = await page.request.post("/api/ideas", { data: { title: "Branded idea", content: "<p>The secret ingredient is cardamom.</p>" } });
    expect(idea.status()).toBe(201);
    const { id } = (await idea.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    for (const viewport of [null, PHONE]) {
      const share = await createShare(page.request, { ideaId: id, shareType: "full-access" });
      await recipientSees(browser, baseURL, share.accessLink, viewport);
    }
  });

  test("the Brand section works at 390 px and by keyboard", async ({ page, createUser, loginAs }) => {
    await page.setViewportSize(PHONE);
    const owner = await createUser();
    await loginAs(page, owner);
    await page.goto("/profile#brand");
    const section = page.getByRole("region", { name: "Brand", exact: true });
    const name = section.getByLabel("Display name", { exact: true });
    await name.focus();
    await page.keyboard.type(BRAND);
    await section.getByLabel("Accent colour", { exact: true }).fill("blue");
    await section.getByRole("button", { name: "Save brand" }).focus();
    await page.keyboard.press("Enter");
    await expect(section.getByText("Accent colour must be a colour like #1a73e8")).toBeVisible();
    await expect(section.getByLabel("Accent colour", { exact: true })).toHaveAttribute("aria-invalid", "true");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "/profile's Brand section on a phone");
  });

  test("a light accent fills the buttons, and links on the page are drawn darker, readable on white", async ({ page, browser, baseURL, createUser, loginAs }) => {
    test.setTimeout(90_000);
    const owner = await createUser();
    await loginAs(page, owner);
    expect((await page.request.put("/api/profile/brand", { data: { displayName: BRAND, accentColor: LIGHT_ACCENT } })).status()).toBe(200);
    const idea = await page.request.post("/api/ideas", { data: { title: "Light idea", content: "<p>Lemon.</p>" } });
    const { id } = (await idea.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
    const share = await createShare(page.request, { ideaId: id, shareType: "email", recipientEmail: "lemon@example.com" });

    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "true"));
    const reader = await context.newPage();
    try {
      await reader.goto(`/view/${share.accessLink}`);
      const verify = reader.getByRole("button", { name: "Verify", exact: true });
      await expect(verify).toHaveCSS("background-color", rgbOf(LIGHT_ACCENT));
      await expect(verify).toHaveCSS("color", "rgb(0, 0, 0)");
      await expectNoSeriousA11yViolations(reader, "the details screen in a light accent");

      await reader.getByLabel("Name", { exact: true }).fill("Lena Reader");
      await verify.click();
      // The code step's links are text on the page: the accent darkened to 4.5:1, not the accent itself.
      const resend = reader.getByRole("button", { name: "Resend code" });
      await expect(resend).toBeVisible();
      await expect(resend).toHaveCSS("color", rgbOf(readableOnWhite(LIGHT_ACCENT)));
      await expect(reader.getByRole("button", { name: "Confirm code" })).toHaveCSS("background-color", rgbOf(LIGHT_ACCENT));
      await expectNoSeriousA11yViolations(reader, "the code step in a light accent");
    } finally {
      await context.close();
    }
  });
});
