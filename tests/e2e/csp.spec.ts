import type { APIResponse, Page, Response } from "@playwright/test";
import { test, expect, recordCspViolations, cspViolations, isConsoleProblem, CSP_CONSOLE_MESSAGE } from "./fixtures";

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  expect(header, "a Content-Security-Policy header").toBeTruthy();
  const map = new Map<string, string[]>();
  for (const part of header!.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Checks a page's policy is the strict nonce policy and returns its nonce. */
function expectStrictPagePolicy(header: string | undefined): string {
  const csp = directives(header);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'"); // production build
  const nonces = scriptSrc.filter((v) => /^'nonce-[A-Za-z0-9+/=]+'$/.test(v));
  expect(nonces).toHaveLength(1);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toBeDefined();
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  return nonces[0].slice("'nonce-".length, -1);
}

/** Every <script> element of the server's HTML carries the response's nonce (Next applied it while rendering). */
function expectScriptsCarryNonce(html: string, nonce: string) {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, "every script of the page carries the nonce").toContain(`nonce="${nonce}"`);
}

async function pageResponse(res: Response | APIResponse | null) {
  expect(res, "a response").toBeTruthy();
  expect(res!.status()).toBe(200);
  const headers = res!.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  return { nonce: expectStrictPagePolicy(headers["content-security-policy"]), html: await res!.text() };
}

declare global {
  interface Window {
    __pwned?: string;
  }
}

/** Markup a sanitizer bug could let into a page the server renders: a script and an event handler, no nonce. */
const SERVER_INJECTION =
  '<script>window.__pwned = "inline script"</script><img src="data:," alt="" onerror="window.__pwned = \'event handler\'">';

/**
 * Serves `path` as the server rendered it, with its real headers (and so its real policy), but with
 * SERVER_INJECTION added to the HTML: what a stored-XSS bug in server-rendered content would look like.
 */
async function injectIntoServedHtml(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain("</head>");
      await route.fulfill({ response, body: html.replace("</head>", `${SERVER_INJECTION}</head>`) });
    },
  );
}

/** Ways code could be injected into a running page: markup with a handler, a javascript: link. */
const CLIENT_INJECTIONS = [
  {
    what: "an inline event handler in inserted markup",
    directive: "script-src-attr",
    inject: () => {
      const holder = document.createElement("div");
      holder.innerHTML = '<img src="data:," alt="" onerror="window.__pwned = \'inserted handler\'">';
      document.body.appendChild(holder);
    },
  },
  {
    what: "a javascript: link",
    directive: "script-src-elem",
    inject: () => {
      const link = Object.assign(document.createElement("a"), { href: "javascript:window.__pwned='javascript: link'" });
      document.body.appendChild(link);
      link.click();
    },
  },
] as const;

/**
 * Opens `path` with injected markup in its HTML, checks that the page itself still works (`ready`) while the
 * injected script and handler were refused, then tries each client-side injection on a fresh load (Chromium
 * reports identical violations of one document only once). Nothing injected may run.
 */
async function expectInjectionsRefused(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await injectIntoServedHtml(page, path);
  await page.goto(path);
  await ready(page);
  await expect
    .poll(async () => (await cspViolations(page)).map((v) => v.directive).sort(), { message: "the injected markup is refused" })
    .toEqual(["script-src-attr", "script-src-elem"]);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();

  for (const { what, directive, inject } of CLIENT_INJECTIONS) {
    await page.goto(path);
    await ready(page);
    const before = (await cspViolations(page)).length;
    await page.evaluate(inject);
    await expect
      .poll(async () => (await cspViolations(page)).slice(before).map((v) => v.directive), { message: `${what} is refused` })
      .toEqual([directive]);
    expect(await page.evaluate(() => window.__pwned), `${what} did not run`).toBeUndefined();
  }
}

test.describe("Content-Security-Policy", () => {
  test("public pages send a nonce policy with 'strict-dynamic' and no 'unsafe-inline' script source", async ({ request }) => {
    for (const path of ["/", "/login", "/about", "/register"]) {
      const { nonce, html } = await pageResponse(await request.get(path));
      expectScriptsCarryNonce(html, nonce);
    }
  });

  test("the 404 page carries the strict policy too", async ({ request }) => {
    const res = await request.get("/no-such-page-here");
    expect(res.status()).toBe(404);
    const nonce = expectStrictPagePolicy(res.headers()["content-security-policy"]);
    expectScriptsCarryNonce(await res.text(), nonce);
  });

  test("the signed-in dashboard sends the strict policy and its scripts carry the nonce", async ({ page, createUser, loginAs }) => {
    await loginAs(page, await createUser());
    const res = await page.goto("/dashboard");
    const { nonce, html } = await pageResponse(res);
    expectScriptsCarryNonce(html, nonce);
    await expect(page.getByRole("heading", { name: "Idea Portfolio", level: 1 })).toBeVisible();
  });

  test("every response gets a fresh nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add((await pageResponse(await request.get("/"))).nonce);
    nonces.add((await pageResponse(await request.get("/login"))).nonce);
    expect(nonces.size).toBe(4);
    for (const n of nonces) expect(Buffer.from(n, "base64").length).toBeGreaterThanOrEqual(16);
  });

  test("a nonce sent by the client is not trusted", async ({ request }) => {
    const res = await request.get("/", { headers: { "x-nonce": "attacker", "content-security-policy": "script-src *" } });
    const { nonce, html } = await pageResponse(res);
    expect(nonce).not.toBe("attacker");
    expect(html).not.toContain('nonce="attacker"');
    expectScriptsCarryNonce(html, nonce);
  });

  test("API answers carry a policy that allows no script at all", async ({ request }) => {
    const res = await request.get("/api/auth/me");
    expect(res.status()).toBe(401);
    const csp = directives(res.headers()["content-security-policy"]);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.has("script-src")).toBe(false);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("injected inline scripts, event handlers and javascript: links do not run, and are reported", async ({ context }) => {
    // A page of its own: the shared page fixture fails any test that sees a violation, and here they are expected.
    const page = await context.newPage();
    await recordCspViolations(page);
    const messages: string[] = [];
    page.on("console", (msg) => messages.push(msg.text()));
    // The cookie banner is rendered by client code after hydration: the page's own (nonced) scripts still run.
    await expectInjectionsRefused(page, "/", (p) => expect(p.getByRole("region", { name: "Cookie consent" })).toBeVisible());
    // Chromium's own console report ("Executing inline script violates the following Content Security Policy
    // directive…"; older versions: "Refused to execute inline script…"), which the page fixture turns into a failure
    // in every other test.
    expect(messages.filter((t) => CSP_CONSOLE_MESSAGE.test(t) && /inline script/i.test(t))).not.toEqual([]);
    await page.close();
  });

  test("a signed-in screen also refuses injected scripts", async ({ context, createUser, loginAs }) => {
    // The editor is opened once per injection: on a busy machine that is more than the default test budget.
    test.setTimeout(120_000);
    const page = await context.newPage();
    await recordCspViolations(page);
    await loginAs(page, await createUser());
    // The editor (TipTap, loaded on the client) comes up: the page's own scripts run. Its first mount on a busy
    // 2-core machine can take longer than the default 10 s.
    await expectInjectionsRefused(page, "/editor/new", (p) => expect(p.getByRole("textbox", { name: "Idea content" })).toBeVisible({ timeout: 30_000 }));
    await page.close();
  });
});

test.describe("the page fixture", () => {
  test("treats every CSP message as a failure, whatever the test allows", async ({ context }) => {
    // The browser's real messages for a blocked handler, inline script and javascript: URL, and our listener's.
    const page = await context.newPage();
    await recordCspViolations(page);
    const messages: { type: string; text: string }[] = [];
    page.on("console", (msg) => messages.push({ type: msg.type(), text: msg.text() }));
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "About IdeaVault" })).toBeVisible();
    await page.evaluate(() => {
      const holder = document.createElement("div");
      holder.innerHTML = '<img src="data:," alt="" onerror="void 0">';
      document.body.appendChild(holder);
    });
    await expect.poll(() => messages.filter((m) => CSP_CONSOLE_MESSAGE.test(m.text)).length).toBeGreaterThanOrEqual(2);
    for (const m of messages.filter((x) => CSP_CONSOLE_MESSAGE.test(x.text))) {
      expect(isConsoleProblem(m.type, m.text, [/.*/]), m.text).toBe(true);
    }
    expect(isConsoleProblem("error", "Failed to load resource: the server responded with a status of 404 (Not Found)", [/.*/])).toBe(false);
    expect(isConsoleProblem("warning", "Refused to load the script 'https://evil.example/x.js'", [])).toBe(true);
    // An allowance naming the URL is matched against the message with its location, as the page fixture reports it.
    const busyPage = /^Failed to load resource: the server responded with a status of 503\b.*\/pages\/\d+/;
    expect(isConsoleProblem("error", "Failed to load resource: the server responded with a status of 503 (Service Unavailable)", [busyPage], "http://127.0.0.1/api/share/t/pages/2?width=800")).toBe(false);
    expect(isConsoleProblem("error", "Failed to load resource: the server responded with a status of 503 (Service Unavailable)", [busyPage], "http://127.0.0.1/api/share/t")).toBe(true);
    await page.close();
  });

  // Even when a test allows every console error, a CSP violation still fails it.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/.*/] });

    test("fails the test on a CSP violation (this test is expected to fail)", async ({ page }) => {
      test.fail();
      await page.goto("/about");
      await page.evaluate(() => {
        const holder = document.createElement("div");
        holder.innerHTML = '<img src="data:," alt="" onerror="void 0">';
        document.body.appendChild(holder);
      });
      await page.waitForFunction(() => (window.__cspViolations?.length ?? 0) > 0);
    });
  });
});
