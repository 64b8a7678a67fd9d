import type { Page } from "@playwright/test";
import { test, expect, createIdea, uploadImage, PNG_1X1, type Creator } from "./api-helpers";
import { createShare, agree, identify } from "./sharing-helpers";
import { expectNoSeriousA11yViolations } from "./axe";

/**
 * Issue 10 §8: axe-core finds no serious or critical WCAG 2.1 A/AA violation on any screen, on a desktop and on a
 * 390 px phone, including the states with a toast, a cookie banner, an open dialog or menu, a form error, a
 * YouTube embed and a published idea. Several screens per test keep the spec quick on a busy machine.
 */

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const VIDEO_ID = "dQw4w9WgXcQ";
const VIDEO_HTML = `<p>Watch this:</p><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/${VIDEO_ID}" width="560" height="315" allowfullscreen="true"></iframe></div>`;

/** Waits until no toast is on screen, so the next screen's check is not about the previous one's toast. */
async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

async function visit(page: Page, path: string, ready: () => Promise<unknown>, label = path) {
  await page.goto(path);
  await ready();
  await expectNoSeriousA11yViolations(page, label);
}

/** A published idea with a share link of `owner`; the token of the link. */
async function publishedShare(owner: Creator, title: string) {
  const idea = await createIdea(owner.api, { title, content: "<h2>Plan</h2><p>The secret ingredient is <strong>cardamom</strong>.</p>" });
  expect((await owner.api.put(`/api/ideas/${idea.id}/publish`)).status()).toBe(200);
  const share = await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" });
  return { idea, token: share.accessLink };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility (${name})`, () => {
    test.use({ viewport });

    test.describe("with the cookie banner", () => {
      test.use({ presetCookieConsent: false });

      test("landing page with the banner, then its dialogs", async ({ page }) => {
        await visit(page, "/", () => expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible(), "/ with the cookie banner");
        await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
        await page.getByRole("button", { name: "File an Idea" }).click();
        await expect(page.getByRole("dialog", { name: "Platform is Invite Only" })).toBeVisible();
        await expectNoSeriousA11yViolations(page, "the invite-only dialog");
        await page.getByRole("button", { name: "Join Waitlist" }).click();
        await expect(page.getByRole("dialog", { name: "Join the waitlist" })).toBeVisible();
        await page.getByRole("dialog").getByRole("button", { name: /join/i }).last().click();
        await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
        await expectNoSeriousA11yViolations(page, "the waitlist dialog with its errors");
      });
    });

    test("static pages, verify, the 404 page and the auth screens with their errors", async ({ page }) => {
      for (const path of ["/about", "/contact", "/privacy-policy", "/data-handling", "/privacy", "/terms", "/verify"]) {
        await visit(page, path, () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
      }
      await visit(page, "/no-such-page", () => expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible(), "the 404 page");
      await visit(page, "/register", () => expect(page.getByRole("button", { name: "Create Account" })).toBeVisible());
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/register with its field errors");
      await visit(page, "/forgot-password", () => expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible());
      await visit(page, "/reset-password", () => expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible(), "/reset-password without a token");
      await visit(page, "/reset-password?token=not-a-real-token-0000", () => expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible());
      await page.getByLabel("New password", { exact: true }).fill("new-password-1");
      await page.getByLabel("Confirm password", { exact: true }).fill("new-password-1");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("link", { name: "Request a new reset link" })).toBeVisible();
      await expect(page.locator("[data-sonner-toast]")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/reset-password with its error and toast");
      await visit(page, "/login", () => expect(page.getByRole("button", { name: "Log In" })).toBeVisible());
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.locator("[data-sonner-toast]")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/login with a wrong password and its toast");
    });

    test("the creator's screens: dashboard with content, account menu, editor, published idea, share, profile", async ({
      page,
      createUser,
      loginAs,
    }) => {
      await page.route(/^https:\/\/(www\.)?youtube(-nocookie)?\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
      );
      const user = await createUser();
      await loginAs(page, user);
      const api = page.request;
      await createIdea(api, { title: "Draft with a video", content: VIDEO_HTML });
      const published = await createIdea(api, { title: "Published idea", content: "<p>Done.</p>" });
      expect((await api.put(`/api/ideas/${published.id}/publish`)).status()).toBe(200);
      expect((await uploadImage(api, { name: "dot.png", buffer: PNG_1X1 })).status()).toBe(201);
      await createShare(api, { ideaId: published.id, shareType: "full-access" });

      await visit(page, "/dashboard", () => expect(page.getByText("Idea (" + published.id + ") : Published idea")).toBeVisible(), "the dashboard with content");
      await page.getByRole("button", { name: /Account/ }).click();
      await expect(page.getByRole("menuitem", { name: "Profile Settings" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the account menu");
      await page.keyboard.press("Escape");

      const drafts = await (await api.get("/api/ideas")).json() as { id: number; title: string }[];
      const video = drafts.find((i) => i.title === "Draft with a video")!;
      await visit(page, `/editor/${video.id}`, () => expect(page.locator("div[data-youtube-video] iframe")).toBeVisible(), "the editor with a YouTube embed");
      await visit(page, `/editor/${published.id}`, () => expect(page.getByText("Published ideas cannot be edited.")).toBeVisible(), "a published idea in the editor");
      await visit(page, "/editor/new", () => expect(page.getByRole("button", { name: "Create Idea" })).toBeVisible());
      await visit(page, `/share/${published.id}`, () => expect(page.getByRole("button", { name: "Copy Link" }).first()).toBeVisible(), "the share screen");
      await visit(page, "/profile", () => expect(page.getByLabel("Name", { exact: true })).toBeVisible());
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Your profile has been updated successfully.")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/profile with a success toast");
    });

    test("the recipient's screens: denied, collect, agreement, document", async ({ page, newCreator }) => {
      const owner = await newCreator();
      const { token } = await publishedShare(owner, "Cardamom Cola");
      await visit(page, "/collect/not-a-valid-token-000000000000000000000", () => expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible(), "access denied");
      await visit(page, `/collect/${token}`, () => expect(page.getByRole("button", { name: "Verify", exact: true })).toBeVisible(), "/collect");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page.getByText("Name must be at least 3 characters")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/collect with its field errors");
      expect((await identify(page.request, token)).status()).toBe(201);
      await visit(page, `/nda/${token}`, () => expect(page.getByRole("heading", { name: "Confidentiality Agreement" })).toBeVisible(), "/nda");
      await page.getByRole("button", { name: "Decline" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the decline dialog");
      await page.keyboard.press("Escape");
      const recipient = await (await page.request.get(`/api/share/${token}`)).json() as unknown;
      expect(recipient).toBeTruthy();
      await agreeInBrowser(page, token);
      await expectNoSeriousA11yViolations(page, "/document");
      await page.getByRole("button", { name: "Close", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Close Document" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the close-document dialog");
    });
  });
}

/** From /nda: read the agreement to the end and agree, then wait for the document. */
async function agreeInBrowser(page: Page, token: string) {
  await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.getByRole("button", { name: "I Agree" }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });
  await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
}

void agree;
void toastsGone;
