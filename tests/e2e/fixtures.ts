import path from "node:path";
import crypto from "node:crypto";
import { test as base, expect, type APIRequestContext, type BrowserContextOptions, type ConsoleMessage, type Page, type TestInfo } from "@playwright/test";
import { listOutboxIn, type OutboxEntry } from "@/lib/platform/email/outbox";

export { expect };

export type TestUser = { name: string; firstName: string; email: string; password: string };

export type OutboxMail = OutboxEntry;

/** Console errors the browser logs for HTTP 4xx answers that tests provoke on purpose (401 login, 404 page, ...). */
export const NETWORK_4XX = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** A unique, lower-case address per call: worker, time and randomness, so parallel tests never collide. */
export function uniqueEmail(testInfo: Pick<TestInfo, "workerIndex">, prefix = "user") {
  return `${prefix}-${testInfo.workerIndex}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com`;
}

function dataDir() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

/** The e-mails the server wrote to `$E2E_DATA_DIR/outbox`, newest first, optionally only those sent to `to`. */
export async function readOutbox(to?: string): Promise<OutboxMail[]> {
  // The server's own reader: finished mails only (it writes a temporary name and renames), newest first.
  const mails = await listOutboxIn(path.join(dataDir(), "outbox"));
  const wanted = to?.toLowerCase();
  return mails.filter((m) => !wanted || m.to.toLowerCase() === wanted);
}

/**
 * Waits for the newest e-mail to `to`. Some mails are written after the API has answered (the reset e-mail is
 * sent in `after()`), and a busy machine can take seconds to hash a token and write a file: poll generously.
 */
export async function waitForMail(to: string, timeout = 20_000, subject?: string): Promise<OutboxMail> {
  let latest: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        latest = (await readOutbox(to)).find((m) => subject === undefined || m.subject === subject);
        return latest !== undefined;
      },
      { timeout, message: `an e-mail${subject ? ` "${subject}"` : ""} to ${to} in the outbox` },
    )
    .toBe(true);
  return latest!;
}

/** Subjects of the account mails that tests wait for (an open registration also mails a verification link). */
export const RESET_SUBJECT = "Reset your IdeaVault password";
export const VERIFY_SUBJECT = "Verify your e-mail address";

/**
 * Verifies an account's address the way its owner does: the newest verification link e-mailed to it, posted by
 * the /verify-email page's own call (POST /api/auth/verify-email).
 */
export async function verifyEmailThroughOutbox(request: APIRequestContext, email: string) {
  const token = new URL(firstLink((await waitForMail(email, 20_000, VERIFY_SUBJECT)).text)).searchParams.get("token");
  const res = await request.post("/api/auth/verify-email", { data: { token } });
  expect(res.status(), `verify ${email}: ${await res.text()}`).toBe(200);
}

/** The first http(s) URL in a text. */
export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/[^\s<>"']+/);
  if (!match) throw new Error(`No link in:\n${text}`);
  return match[0];
}

/**
 * Holds the requests to `url` until release() is called, so a test can check a pending state ("Uploading…")
 * without racing the server: a fixed delay is too short on a busy machine. Requests after release() pass at once.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  let arrived!: () => void;
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, async (route) => {
    arrived();
    await released;
    await route.continue();
  });
  return {
    /** Resolves once a request is being held. */
    held: () => firstArrived,
    release: () => open(),
  };
}

const TOAST_LOG_KEY = "__e2e_toasts";

/** Prefix of the console.error that recordCspViolations logs for every violation. */
export const CSP_VIOLATION_PREFIX = "[csp-violation]";

/**
 * Chromium's own console messages for a blocked script, style, frame or connection ("Executing inline script
 * violates the following Content Security Policy directive…", "Running the JavaScript URL violates…", older
 * "Refused to load…") and our listener's. They always fail the test: no allowedConsoleErrors entry excuses them.
 */
export const CSP_CONSOLE_MESSAGE = /Content Security Policy|^Refused to |^\[csp-violation\]/;

/** Whether a browser console message fails the test: any CSP message, or an error no `allowed` pattern excuses. */
export function isConsoleProblem(type: string, text: string, allowed: RegExp[], url = ""): boolean {
  // CSP messages count at any level (Chromium also warns about policies it cannot parse).
  if (CSP_CONSOLE_MESSAGE.test(text)) return true;
  // A resource's failure names its URL only in the message's location: an allowance may name the URL too.
  const withUrl = url ? `${text} (${url})` : text;
  return type === "error" && !allowed.some((re) => re.test(text) || re.test(withUrl));
}

export type CspViolation = { directive: string; blockedURI: string; sample: string; source: string };

declare global {
  interface Window {
    __cspViolations?: CspViolation[];
  }
}

/**
 * Records every `securitypolicyviolation` in every document and frame `page` loads from now on: in
 * `window.__cspViolations` (see cspViolations) and as a console.error starting with CSP_VIOLATION_PREFIX, so a
 * violation is noticed even when the browser logs nothing or the document is gone by the end of the test.
 */
export async function recordCspViolations(page: Page) {
  await page.addInitScript((prefix) => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      const v = {
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        sample: e.sample,
        source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : "",
      };
      window.__cspViolations?.push(v);
      console.error(`${prefix} ${v.directive} blocked ${v.blockedURI || "(inline)"} ${v.sample} ${v.source}`.trim());
    });
  }, CSP_VIOLATION_PREFIX);
}

/** The violations recorded (see recordCspViolations) in the page's current document. */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

/** The texts of every toast shown in this tab (on this origin) since the test started, oldest first. */
export async function seenToasts(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(window.sessionStorage.getItem(key) ?? "[]") as string[], TOAST_LOG_KEY);
}

type Fixtures = {
  /** Store cookieConsent=true before every page load so the banner stays out of the way (off in banner tests). */
  presetCookieConsent: boolean;
  /** Console errors a test expects; anything else logged with console.error fails the test. */
  allowedConsoleErrors: RegExp[];
  /**
   * Registers a fresh account through POST /api/auth/register (open mode) and, unless `verified: false`, verifies
   * its address through the e-mailed link, like most real accounts (tests/e2e/email-verification.spec.ts covers the
   * unverified state: banner, Shared with me asking for the proof).
   */
  createUser: (overrides?: Partial<Pick<TestUser, "name" | "password" | "email">> & { verified?: boolean }) => Promise<TestUser>;
  /** Signs `page`'s browser context in through POST /api/auth/login and stores currentUser like the login form. */
  loginAs: (page: Page, user: TestUser) => Promise<void>;
};

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

type WorkerFixtures = {
  /**
   * One verified account per worker, registered and signed in once through the API, with the browser state a
   * login leaves (session cookie, currentUser in localStorage). For tests about something other than accounts
   * (the editor, its toolbar, its autosave): each test makes its own ideas, and nothing such a test does changes
   * the account for the next one. Signing in itself is covered by auth.spec.ts and by loginAs.
   */
  workerAccount: { user: TestUser; storageState: StorageState };
};

/** Registers an account through POST /api/auth/register (open mode) and, unless `verified: false`, verifies it. */
async function registerAccount(
  request: APIRequestContext,
  who: Pick<TestInfo, "workerIndex">,
  overrides: Partial<Pick<TestUser, "name" | "password" | "email">> & { verified?: boolean } = {},
): Promise<TestUser> {
  const firstName = `Tess${crypto.randomBytes(2).toString("hex")}`;
  const user: TestUser = {
    name: overrides.name ?? `${firstName} Tester`,
    firstName: (overrides.name ?? firstName).trim().split(/\s+/)[0],
    email: overrides.email ?? uniqueEmail(who),
    password: overrides.password ?? `pw-${crypto.randomBytes(6).toString("hex")}`,
  };
  const res = await request.post("/api/auth/register", {
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(res.status(), `register ${user.email}: ${await res.text()}`).toBe(201);
  if (overrides.verified !== false) await verifyEmailThroughOutbox(request, user.email);
  return user;
}

/**
 * In a describe block: its tests' browsers start signed in as the worker's account (`workerAccount.user`), instead of each
 * registering and signing in an account of its own (seconds per test on a busy machine).
 */
export function useWorkerAccount() {
  test.use({ storageState: async ({ workerAccount }, use) => use(workerAccount.storageState) });
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  presetCookieConsent: [true, { option: true }],
  allowedConsoleErrors: [[NETWORK_4XX], { option: true }],

  // Every page fails its test on unexpected console errors, uncaught exceptions and any Content-Security-Policy
  // violation (API-only tests never create a page, so they don't start a browser).
  page: async ({ page, presetCookieConsent, allowedConsoleErrors }, use, testInfo) => {
    await recordCspViolations(page);
    if (presetCookieConsent) {
      await page.addInitScript(() => {
        try {
          if (window.localStorage.getItem("cookieConsent") === null) window.localStorage.setItem("cookieConsent", "true");
        } catch {
          // Opaque origins (about:blank) have no storage.
        }
      });
    }
    // Toasts shown just before a full-page navigation vanish with the old document: keep a record of every toast
    // text in sessionStorage (per tab and origin) so tests can still check them afterwards (see seenToasts).
    await page.addInitScript((key) => {
      const record = () => {
        const nodes = document.querySelectorAll("[data-sonner-toast]");
        if (!nodes.length) return;
        let seen: string[] = [];
        try {
          seen = JSON.parse(window.sessionStorage.getItem(key) ?? "[]") as string[];
        } catch {
          return;
        }
        let changed = false;
        nodes.forEach((n) => {
          const text = (n.textContent ?? "").trim();
          if (text && !seen.includes(text)) {
            seen.push(text);
            changed = true;
          }
        });
        if (changed) window.sessionStorage.setItem(key, JSON.stringify(seen));
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    }, TOAST_LOG_KEY);
    const problems: string[] = [];
    const onConsole = (msg: ConsoleMessage) => {
      const text = msg.text();
      if (!isConsoleProblem(msg.type(), text, allowedConsoleErrors, msg.location().url)) return;
      const where = msg.location().url ? ` (${msg.location().url})` : "";
      problems.push(`console.${msg.type()}: ${text}${where}`);
    };
    const onPageError = (err: Error) => problems.push(`uncaught exception: ${err.stack ?? err.message}`);
    page.on("console", onConsole);
    page.on("pageerror", onPageError);
    await use(page);
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
    if (problems.length) await testInfo.attach("console-errors", { body: problems.join("\n"), contentType: "text/plain" });
    expect(problems, "unexpected errors in the browser console").toEqual([]);
  },

  createUser: async ({ request }, use, testInfo) => {
    await use((overrides = {}) => registerAccount(request, testInfo, overrides));
  },

  loginAs: async ({}, use) => {
    await use(async (page, user) => {
      const res = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
      expect(res.status(), `login ${user.email}: ${await res.text()}`).toBe(200);
      const body = (await res.json()) as { user: unknown };
      // Any same-origin document gives access to localStorage; /api/auth/me also proves the cookie took.
      const me = await page.goto("/api/auth/me");
      expect(me?.status()).toBe(200);
      await page.evaluate((u) => window.localStorage.setItem("currentUser", JSON.stringify(u)), body.user);
    });
  },

  workerAccount: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const api = await playwright.request.newContext({ baseURL });
      const user = await registerAccount(api, workerInfo);
      const res = await api.post("/api/auth/login", { data: { email: user.email, password: user.password } });
      expect(res.status(), `login ${user.email}: ${await res.text()}`).toBe(200);
      const body = (await res.json()) as { user: unknown };
      // What loginAs leaves in a browser: the session cookie, and currentUser as the login form stores it.
      const { cookies } = await api.storageState();
      await api.dispose();
      const storageState = { cookies, origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: "currentUser", value: JSON.stringify(body.user) }] }] };
      await use({ user, storageState });
    },
    { scope: "worker" },
  ],
});

/**
 * For tests of the editor's manual save path (the unsaved state, the leave guard, 'Save Changes' right after an
 * edit): drafts on this page do not save themselves (components/editor/use-idea-editor.ts). Call before goto.
 * editor-autosave.spec.ts covers autosave itself.
 */
export function withoutAutosave(page: Page) {
  return page.addInitScript(() => {
    (window as { __ideavaultAutosaveOff?: boolean }).__ideavaultAutosaveOff = true;
  });
}
