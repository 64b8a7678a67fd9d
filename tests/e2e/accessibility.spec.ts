import type { Page } from "@playwright/test";
import { test, expect, createIdea, makePdf, uploadImage, uploadPdf, PNG_1X1, type Creator } from "./api-helpers";
import { createShare, identify } from "./sharing-helpers";
import { expectNoSeriousA11yViolations } from "./axe";
import { useWorkerAccount } from "./fixtures";

/**
 * Axe-core finds no serious or critical WCAG 2.1 A/AA violation on any screen, on a desktop and on a
 * 390 px phone, including the states with a toast, the cookie banner, an open dialog or menu, form errors, a
 * YouTube embed and a published idea. Several screens per test keep the spec quick on a busy machine.
 */

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const VIDEO_HTML =
  '<p>Watch this:</p><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen="true"></iframe></div>';
const SECRET_HTML = "<h2>Plan</h2><p>The secret ingredient is <strong>cardamom</strong>.</p>";

const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** Opens `path`, waits for what shows it is ready, and runs axe. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<unknown>, label = path) {
  await page.goto(path);
  await ready(page);
  await expectNoSeriousA11yViolations(page, label);
}

/** Keeps embedded players offline: the YouTube frame is answered locally. */
async function offlineYouTube(page: Page) {
  await page.route(/^https:\/\/(www\.)?youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
}

async function publish(api: Creator["api"], id: number) {
  expect((await api.put(`/api/ideas/${id}/publish`)).status()).toBe(200);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility (${name})`, () => {
    test.use({ viewport });

    test("static pages, verify, the 404 page and the auth screens with their errors and toasts", async ({ page }) => {
      // Twelve pages, each loaded and scanned by axe: on a busy 2-core machine that alone passed the default 45 s.
      test.setTimeout(150_000);
      for (const path of ["/about", "/contact", "/privacy-policy", "/data-handling", "/privacy", "/terms", "/verify"]) {
        await check(page, path, (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible());
      }
      await check(page, "/no-such-page", (p) => expect(p.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible(), "the 404 page");

      await check(page, "/register", (p) => expect(p.getByRole("button", { name: "Create Account" })).toBeVisible());
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/register with its field errors");

      await check(page, "/forgot-password", (p) => expect(p.getByRole("button", { name: "Send Reset Link" })).toBeVisible());
      await check(page, "/reset-password", (p) => expect(p.getByText("This reset link is invalid or has expired.")).toBeVisible(), "/reset-password without a token");
      await check(page, "/reset-password?token=not-a-real-token-0000", (p) => expect(p.getByRole("button", { name: "Reset Password" })).toBeVisible());
      await page.getByLabel("New password", { exact: true }).fill("new-password-1");
      await page.getByLabel("Confirm password", { exact: true }).fill("new-password-1");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("link", { name: "Request a new reset link" })).toBeVisible();
      await expect(toast(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/reset-password with its error and an error toast");

      await check(page, "/login", (p) => expect(p.getByRole("button", { name: "Log In" })).toBeVisible());
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(toast(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/login with a wrong password and its toast");
    });

    /** A draft, a PDF idea, a published idea with a link, and an image of the signed-in creator: the screens' content. */
    const creatorContent = async (page: Page) => {
      const api = page.request;
      await createIdea(api, { title: "A draft", content: "<p>Draft.</p>" });
      const pdf = (await (await uploadPdf(api, { name: "Plan.pdf", buffer: makePdf("Plan") })).json()) as { id: number };
      const published = await createIdea(api, { title: "Published idea", content: "<p>Done.</p>" });
      await publish(api, published.id);
      expect((await uploadImage(api, { name: "dot.png", buffer: PNG_1X1 })).status()).toBe(201);
      await createShare(api, { ideaId: published.id, shareType: "full-access" });
      return { pdf, published };
    };

    // The creator's screens, in three tests so that each stays well inside its time on a loaded machine.
    test("the creator's dashboard: empty and with content, account menu, delete dialog", async ({ page, createUser, loginAs }) => {
      await loginAs(page, await createUser());
      await check(page, "/dashboard", (p) => expect(p.getByText("No drafts yet")).toBeVisible(), "the empty dashboard");
      const api = page.request;
      await createIdea(api, { title: "A draft", content: "<p>Draft.</p>" });
      const published = await createIdea(api, { title: "Published idea", content: "<p>Done.</p>" });
      await publish(api, published.id);
      expect((await uploadImage(api, { name: "dot.png", buffer: PNG_1X1 })).status()).toBe(201);

      await check(page, "/dashboard", (p) => expect(p.getByText(`Idea (${published.id}) : Published idea`)).toBeVisible(), "the dashboard with content");
      await page.getByRole("button", { name: "Account" }).click();
      await expect(page.getByRole("menuitem", { name: "Profile Settings" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the account menu");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Delete" }).first().click();
      await expect(page.getByRole("alertdialog", { name: "Delete idea" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the delete dialog");
    });

    // Screens that need no empty account: each test makes its own content, signed in as the worker's account.
    test.describe(() => {
      useWorkerAccount();

      test("the creator's editor: a published idea, a new one, a PDF idea", async ({ page }) => {
        const { pdf, published } = await creatorContent(page);
        await check(
          page,
          `/editor/${published.id}`,
          // The timestamp panel's Refresh and the versions panel's New version fade in once their data is loaded:
          // measure them afterwards.
          async (p) => {
            await expect(p.getByRole("button", { name: "Refresh" })).toBeEnabled();
            await expect(p.getByRole("button", { name: "New version" })).toBeEnabled();
          },
          "a published idea in the editor",
        );
        await check(page, "/editor/new", (p) => expect(p.getByRole("button", { name: "Create Idea" })).toBeVisible());
        await check(page, `/editor/${pdf.id}`, (p) => expect(p.getByText("PDF Document: Plan")).toBeVisible(), "a PDF idea in the editor");
      });

      test("the creator's share screen and profile, with a toast", async ({ page }) => {
        const { published } = await creatorContent(page);
        await check(page, `/share/${published.id}`, (p) => expect(p.getByRole("button", { name: "Copy Link" }).first()).toBeVisible(), "the share screen");
        await check(page, "/share/999999", (p) => expect(p.getByText("Idea not found")).toBeVisible(), "the share screen of an unknown idea");
        await check(page, "/profile", (p) => expect(p.getByLabel("Name", { exact: true })).toBeVisible());
        await page.getByRole("button", { name: "Save Changes" }).click();
        await expect(page.getByText("Your profile has been updated successfully.")).toBeVisible();
        await expectNoSeriousA11yViolations(page, "/profile with a success toast");
      });

      // The player's <iframe> is named by the editor's YouTube extension (the editor's part).
      test("the editor with a YouTube embed", async ({ page }) => {
        await offlineYouTube(page);
        const idea = await createIdea(page.request, { title: "Draft with a video", content: VIDEO_HTML });
        await check(page, `/editor/${idea.id}`, (p) => expect(p.locator("div[data-youtube-video] iframe")).toBeVisible(), "the editor with a YouTube embed");
      });
    });

    test("the recipient's screens: denied, collect with errors, agreement, decline dialog, document with a video, close dialog", async ({
      page,
      newCreator,
    }) => {
      await offlineYouTube(page);
      const owner = await newCreator();
      const idea = await createIdea(owner.api, { title: "Cardamom Cola", content: SECRET_HTML + VIDEO_HTML });
      await publish(owner.api, idea.id);
      const token = (await createShare(owner.api, { ideaId: idea.id, shareType: "full-access" })).accessLink;

      await check(page, "/collect/not-a-valid-token-000000000000000000000", (p) => expect(p.getByRole("heading", { name: "Access Denied" })).toBeVisible(), "access denied");
      await check(page, `/collect/${token}`, (p) => expect(p.getByRole("button", { name: "Verify", exact: true })).toBeVisible(), "/collect");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page.getByText("Name must be at least 3 characters")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/collect with its field errors");

      // The browser's own cookie jar identifies itself; the agreement is accepted on screen.
      expect((await identify(page.request, token)).status()).toBe(201);
      await check(page, `/nda/${token}`, (p) => expect(p.getByRole("heading", { name: "Confidentiality Agreement" })).toBeVisible(), "/nda");
      await page.getByRole("button", { name: "Decline" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the decline dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.getByRole("region", { name: "Agreement text" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      // The signature: the name the helper identified with, typed; a wrong one shows its error beside the field.
      await page.getByLabel("Type your full name to sign", { exact: true }).fill("Grace");
      await page.getByLabel("Type your full name to sign", { exact: true }).blur();
      await expect(page.getByText("Type your full name as shown above to sign", { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/nda with the signature's error");
      await page.getByLabel("Type your full name to sign", { exact: true }).fill("Grace Hopper");
      await page.getByRole("button", { name: "I Agree" }).click();
      await expect(page).toHaveURL(new RegExp(`/document/${token}$`), { timeout: 15_000 });
      await expect(page.getByText("cardamom", { exact: true })).toBeVisible();
      await expect(page.locator("iframe[src*='youtube']")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/document with a video");
      await page.getByRole("button", { name: "Close", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Close Document" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the close-document dialog");
    });
  });
}
