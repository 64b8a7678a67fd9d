import http from "node:http";
import type { APIRequest, APIResponse } from "@playwright/test";
import { test, expect, uniqueEmail, waitForMail, firstLink, RESET_SUBJECT, type TestUser } from "./fixtures";
import { E2E_RATE_LIMIT_SCALE } from "./server-env";

const SESSION_COOKIE = "next-auth.session-token";

function setCookies(res: APIResponse): string[] {
  return res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
}

/** A request context of its own, signed in as `user`. */
async function signedIn(requests: APIRequest, baseURL: string, user: TestUser) {
  const ctx = await requests.newContext({ baseURL });
  const res = await ctx.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  expect(res.status(), `login ${user.email}: ${await res.text()}`).toBe(200);
  return ctx;
}

/** A raw HTTP request, so the Host header can be anything (the test clients always send the real one). */
function rawRequest(baseURL: string, opts: { method: string; path: string; headers: Record<string, string>; body?: string }) {
  const url = new URL(baseURL);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: opts.method, path: opts.path, headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

test.describe("API: registration", () => {
  test("201 for a new account, 409 for the same e-mail again (any case)", async ({ request }, testInfo) => {
    const email = uniqueEmail(testInfo, "dup");
    const first = await request.post("/api/auth/register", { data: { name: "First User", email, password: "secret-1" } });
    expect(first.status()).toBe(201);
    expect(await first.json()).toMatchObject({ success: true });

    const again = await request.post("/api/auth/register", { data: { name: "Second User", email: email.toUpperCase(), password: "secret-2" } });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, error: "Registration failed. Email may already be in use." });
  });

  test("400 with the spec message for a short password, a short name and a bad e-mail", async ({ request }, testInfo) => {
    const short = await request.post("/api/auth/register", { data: { name: "Short Pw", email: uniqueEmail(testInfo), password: "12345" } });
    expect(short.status()).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 6 characters");

    const name = await request.post("/api/auth/register", { data: { name: "A", email: uniqueEmail(testInfo), password: "123456" } });
    expect(name.status()).toBe(400);
    expect((await name.json()).error).toBe("Name must be at least 2 characters");

    const email = await request.post("/api/auth/register", { data: { name: "Bad Mail", email: "nope", password: "123456" } });
    expect(email.status()).toBe(400);
    expect((await email.json()).error).toBe("Please enter a valid email address");

    const malformed = await request.post("/api/auth/register", {
      headers: { "Content-Type": "application/json" },
      data: "{not json",
    });
    expect(malformed.status()).toBe(400);
  });
});

test.describe("API: login, session and logout", () => {
  test("login answers 200 with the user and an HttpOnly, SameSite=Lax session cookie; 401 when wrong", async ({ request, createUser }) => {
    const user = await createUser();

    const wrong = await request.post("/api/auth/login", { data: { email: user.email, password: "not-the-password" } });
    expect(wrong.status()).toBe(401);
    expect(setCookies(wrong).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);

    const unknown = await request.post("/api/auth/login", { data: { email: `x-${user.email}`, password: user.password } });
    expect(unknown.status()).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());

    const ok = await request.post("/api/auth/login", { data: { email: user.email.toUpperCase(), password: user.password } });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ success: true, user: { name: user.name, email: user.email, profileImage: null } });

    const cookie = setCookies(ok).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie, "session cookie set").toBeTruthy();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);

    const stored = (await request.storageState()).cookies.find((c) => c.name === SESSION_COOKIE);
    expect(stored).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("/api/auth/me is 401 signed out, 200 signed in, and 401 again after POST /api/auth/logout", async ({ request, createUser }) => {
    const user = await createUser();
    expect((await request.get("/api/auth/me")).status()).toBe(401);

    expect((await request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(200);
    const me = await request.get("/api/auth/me");
    expect(me.status()).toBe(200);
    expect(await me.json()).toEqual({ name: user.name, email: user.email, profileImage: null, showEmailOnCertificates: false, emailVerified: true });

    const logout = await request.post("/api/auth/logout", { data: {} });
    expect(logout.status()).toBe(200);
    expect(await logout.json()).toMatchObject({ success: true });
    const cleared = setCookies(logout).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    expect((await request.get("/api/auth/me")).status()).toBe(401);
  });

  test("a logged-out session token is refused even when replayed", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    const a = await playwright.request.newContext({ baseURL });
    const login = await a.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    const token = setCookies(login).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0];
    expect((await a.post("/api/auth/logout", { data: {} })).status()).toBe(200);
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: token } });
    expect((await replay.get("/api/auth/me")).status()).toBe(401);
    // next-auth's session endpoint re-issues cookies: it must not revive a logged-out session.
    const renewed = await replay.get("/api/auth/session");
    expect(await renewed.json()).toEqual({});
    const reissued = setCookies(renewed).find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
    if (reissued) {
      const again = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: reissued.split(";")[0] } });
      expect((await again.get("/api/auth/me")).status()).toBe(401);
      await again.dispose();
    }
    await a.dispose();
    await replay.dispose();
  });

  test("GET /api/auth/logout from our own pages (Sec-Fetch-Site same-origin or none) ends the session: 303 to /login", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    for (const site of ["same-origin", "none"]) {
      const ctx = await signedIn(playwright.request, baseURL!, user);
      const res = await ctx.get("/api/auth/logout", { maxRedirects: 0, headers: { "Sec-Fetch-Site": site } });
      expect(res.status(), site).toBe(303);
      expect(new URL(res.headers()["location"], "http://x").pathname).toBe("/login");
      expect((await ctx.get("/api/auth/me")).status(), site).toBe(401);
      await ctx.dispose();
    }
  });

  test("GET /api/auth/logout without Sec-Fetch-Site but with our own Referer ends the session", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    const ctx = await signedIn(playwright.request, baseURL!, user);
    const res = await ctx.get("/api/auth/logout", { maxRedirects: 0, headers: { Referer: `${new URL(baseURL!).origin}/dashboard` } });
    expect(res.status()).toBe(303);
    expect(new URL(res.headers()["location"], "http://x").pathname).toBe("/login");
    expect((await ctx.get("/api/auth/me")).status()).toBe(401);
    await ctx.dispose();
  });

  test("GET /api/auth/logout that cannot be shown same-origin answers a script-free confirm page and ends nothing", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    const ctx = await signedIn(playwright.request, baseURL!, user);
    const cases: Record<string, string>[] = [{}, { Referer: "https://evil.example/page" }, { Referer: `https://${new URL(baseURL!).host}/dashboard` }];
    for (const headers of cases) {
      const res = await ctx.get("/api/auth/logout", { maxRedirects: 0, headers });
      const label = JSON.stringify(headers);
      expect(res.status(), label).toBe(200);
      expect(res.headers()["content-type"], label).toContain("text/html");
      expect(setCookies(res), label).toEqual([]);
      const html = await res.text();
      expect(html).toContain('<form method="post" action="/api/auth/logout">');
      expect(html).toMatch(/<button type="submit"[^>]*>Log out<\/button>/);
      expect(html).toContain('<a href="/dashboard">');
      expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
      expect((await ctx.get("/api/auth/me")).status(), label).toBe(200);
    }
    await ctx.dispose();
  });

  test("GET /api/auth/logout marked cross-site or same-site redirects to / and ends nothing", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    const ctx = await signedIn(playwright.request, baseURL!, user);
    for (const site of ["cross-site", "same-site"]) {
      const res = await ctx.get("/api/auth/logout", { maxRedirects: 0, headers: { "Sec-Fetch-Site": site } });
      expect(res.status(), site).toBe(303);
      expect(new URL(res.headers()["location"], "http://x").pathname).toBe("/");
      expect(setCookies(res), site).toEqual([]);
      expect((await ctx.get("/api/auth/me")).status(), site).toBe(200);
    }
    await ctx.dispose();
  });

  test("the confirm page's form POST ends the session (303 to /login); a foreign Origin is refused", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    const ctx = await signedIn(playwright.request, baseURL!, user);
    const token = (await ctx.storageState()).cookies.find((c) => c.name === SESSION_COOKIE)!.value;

    const foreign = await ctx.post("/api/auth/logout", { maxRedirects: 0, form: {}, headers: { Origin: "https://evil.example" } });
    expect(foreign.status()).toBe(403);
    expect((await ctx.get("/api/auth/me")).status()).toBe(200);

    const res = await ctx.post("/api/auth/logout", { maxRedirects: 0, form: {}, headers: { Origin: new URL(baseURL!).origin } });
    expect(res.status()).toBe(303);
    expect(new URL(res.headers()["location"], "http://x").pathname).toBe("/login");
    expect(setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect((await replay.get("/api/auth/me")).status()).toBe(401);
    await replay.dispose();
    await ctx.dispose();
  });

  test("next-auth's own sign-out (csrf, then POST /api/auth/signout) revokes the session: the old cookie is refused", async ({ playwright, baseURL, createUser }) => {
    const user = await createUser();
    const ctx = await signedIn(playwright.request, baseURL!, user);
    const token = (await ctx.storageState()).cookies.find((c) => c.name === SESSION_COOKIE)!.value;

    const csrf = await ctx.get("/api/auth/csrf");
    expect(csrf.status()).toBe(200);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const out = await ctx.post("/api/auth/signout", { form: { csrfToken }, maxRedirects: 0 });
    expect([200, 302]).toContain(out.status());
    expect(setCookies(out).find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect((await replay.get("/api/auth/me")).status()).toBe(401);
    await replay.dispose();
    await ctx.dispose();
  });

  test("guarded pages answer 307 to /login?callbackUrl=… when signed out", async ({ request }) => {
    for (const path of ["/dashboard", "/editor/new", "/share/1", "/profile"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(307);
      const location = new URL(res.headers()["location"], "http://x");
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    }
  });
});

test.describe("API: cross-site protection and headers", () => {
  test("state-changing API calls with a foreign Origin are refused with 403", async ({ request, createUser }) => {
    const user = await createUser();
    const foreign = { Origin: "https://evil.example" };
    const login = await request.post("/api/auth/login", { headers: foreign, data: { email: user.email, password: user.password } });
    expect(login.status()).toBe(403);
    expect(setCookies(login)).toEqual([]);
    const waitlist = await request.post("/api/waitlist", { headers: foreign, data: { name: "Eve", email: "eve@example.com" } });
    expect(waitlist.status()).toBe(403);
    const bad = await request.post("/api/auth/logout", { headers: { Origin: "null" }, data: {} });
    expect(bad.status()).toBe(403);

    // The app's own origin is accepted.
    const own = await request.post("/api/auth/login", {
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
      data: { email: user.email, password: user.password },
    });
    expect(own.status()).toBe(200);
  });

  test("a write whose Origin differs only in scheme or port is refused with 403", async ({ request, createUser, baseURL }) => {
    const user = await createUser();
    const own = new URL(baseURL!);
    for (const origin of [`https://${own.host}`, `http://${own.hostname}:${Number(own.port) + 1}`, `http://localhost:${own.port}`]) {
      const res = await request.post("/api/auth/login", { headers: { Origin: origin }, data: { email: user.email, password: user.password } });
      expect(res.status(), origin).toBe(403);
      expect(setCookies(res), origin).toEqual([]);
    }
  });

  test("a spoofed Host with a matching Origin is refused: the server compares with NEXTAUTH_URL", async ({ createUser, baseURL }) => {
    const user = await createUser();
    const body = JSON.stringify({ email: user.email, password: user.password });
    for (const host of ["evil.example", `evil.example:${new URL(baseURL!).port}`]) {
      const res = await rawRequest(baseURL!, {
        method: "POST",
        path: "/api/auth/login",
        headers: { Host: host, Origin: `http://${host}`, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
        body,
      });
      expect(res.status, `${host}: ${res.body}`).toBe(403);
      expect(res.headers["set-cookie"] ?? []).toEqual([]);
    }
  });

  test("security headers are present on /", async ({ request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-powered-by"]).toBeUndefined();
  });
});

test.describe("API: password reset", () => {
  test("forgot-password answers identically for known and unknown addresses", async ({ request, createUser }, testInfo) => {
    const user = await createUser();
    const known = await request.post("/api/auth/forgot-password", { data: { email: user.email } });
    const unknown = await request.post("/api/auth/forgot-password", { data: { email: uniqueEmail(testInfo, "ghost") } });
    expect(known.status()).toBe(200);
    expect(unknown.status()).toBe(known.status());
    expect(await unknown.text()).toBe(await known.text());
    await waitForMail(user.email, undefined, RESET_SUBJECT);

    const empty = await request.post("/api/auth/forgot-password", { data: { email: "" } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).error).toBe("Please enter your email address.");
  });

  test("a reset token works once and ends older sessions", async ({ request, playwright, createUser }) => {
    const user = await createUser();
    const baseURL = test.info().project.use.baseURL!;
    const other = await playwright.request.newContext({ baseURL });
    try {
      expect((await other.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(200);
      expect((await other.get("/api/auth/me")).status()).toBe(200);

      await request.post("/api/auth/forgot-password", { data: { email: user.email } });
      const token = new URL(firstLink((await waitForMail(user.email, undefined, RESET_SUBJECT)).text)).searchParams.get("token")!;
      expect(token.length).toBeGreaterThanOrEqual(10);

      const shortPw = await request.post("/api/auth/reset-password", { data: { token, password: "123" } });
      expect(shortPw.status()).toBe(400);

      const reset = await request.post("/api/auth/reset-password", { data: { token, password: "fresh-secret" } });
      expect(reset.status()).toBe(200);
      const reused = await request.post("/api/auth/reset-password", { data: { token, password: "another-secret" } });
      expect(reused.status()).toBe(400);
      expect((await reused.json()).error).toBe("This reset link is invalid or has expired.");

      // The session from before the reset is over; the new password works, the old one does not.
      expect((await other.get("/api/auth/me")).status()).toBe(401);
      expect((await request.post("/api/auth/login", { data: { email: user.email, password: user.password } })).status()).toBe(401);
      expect((await request.post("/api/auth/login", { data: { email: user.email, password: "fresh-secret" } })).status()).toBe(200);
    } finally {
      await other.dispose();
    }
  });

  test("forgot-password is rate limited per address (429)", async ({ request }, testInfo) => {
    const email = uniqueEmail(testInfo, "flood");
    // 3 per hour per address, scaled by the test server's RATE_LIMIT_SCALE.
    const limit = 3 * E2E_RATE_LIMIT_SCALE;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      statuses.push((await request.post("/api/auth/forgot-password", { data: { email } })).status());
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

test.describe("API: waitlist", () => {
  test("201 for a new address, 200 with alreadyExists for a repeat, 400 for bad input", async ({ request }, testInfo) => {
    const email = uniqueEmail(testInfo, "wl");
    const first = await request.post("/api/waitlist", { data: { name: "Wait Lister", email, profession: "Chemist" } });
    expect(first.status()).toBe(201);
    expect(await first.json()).toMatchObject({ alreadyExists: false });

    const again = await request.post("/api/waitlist", { data: { name: "Wait Lister", email: email.toUpperCase(), profession: null } });
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyExists: true });

    const badName = await request.post("/api/waitlist", { data: { name: "W", email: uniqueEmail(testInfo, "wl") } });
    expect(badName.status()).toBe(400);
    expect((await badName.json()).error).toBe("Name must be at least 2 characters.");
    const badEmail = await request.post("/api/waitlist", { data: { name: "Wait Lister", email: "wl@" } });
    expect(badEmail.status()).toBe(400);
    expect((await badEmail.json()).error).toBe("Please enter a valid email address.");
  });
});

test.describe("API: JSON bodies must be sent as JSON", () => {
  const TEXT = { "Content-Type": "text/plain;charset=UTF-8" };
  const UNSUPPORTED = "Content-Type must be application/json";

  test("text/plain bodies to /api/ideas, /api/waitlist and /api/auth/login answer 415 and create nothing", async ({ playwright, baseURL, createUser }, testInfo) => {
    const user = await createUser();
    const ctx = await signedIn(playwright.request, baseURL!, user);
    const idea = await ctx.post("/api/ideas", { headers: TEXT, data: JSON.stringify({ title: "Smuggled idea" }) });
    expect(idea.status()).toBe(415);
    expect((await idea.json()).error).toBe(UNSUPPORTED);
    const ideas = await ctx.get("/api/ideas");
    expect(ideas.status()).toBe(200);
    expect(await ideas.json()).toEqual([]);
    await ctx.dispose();

    const email = uniqueEmail(testInfo, "plain");
    const waitlist = await playwright.request.newContext({ baseURL });
    const plain = await waitlist.post("/api/waitlist", { headers: TEXT, data: JSON.stringify({ name: "Plain Text", email }) });
    expect(plain.status()).toBe(415);
    expect((await plain.json()).error).toBe(UNSUPPORTED);
    // Not stored: the same address as JSON is a new entry (charset and case of the type are fine).
    const json = await waitlist.post("/api/waitlist", {
      headers: { "Content-Type": "Application/JSON; charset=utf-8" },
      data: JSON.stringify({ name: "Plain Text", email }),
    });
    expect(json.status()).toBe(201);
    await waitlist.dispose();

    const anon = await playwright.request.newContext({ baseURL });
    const login = await anon.post("/api/auth/login", { headers: TEXT, data: JSON.stringify({ email: user.email, password: user.password }) });
    expect(login.status()).toBe(415);
    expect((await login.json()).error).toBe(UNSUPPORTED);
    expect(setCookies(login)).toEqual([]);
    expect((await anon.get("/api/auth/me")).status()).toBe(401);
    await anon.dispose();
  });

  test("form-encoded, multipart and octet-stream bodies are refused too; structured +json types are accepted", async ({ request, createUser }, testInfo) => {
    const form = await request.post("/api/auth/register", { form: { name: "Form Post", email: uniqueEmail(testInfo, "form"), password: "secret-1" } });
    expect(form.status()).toBe(415);
    const multipart = await request.post("/api/waitlist", { multipart: { name: "Multi Part", email: uniqueEmail(testInfo, "mp") } });
    expect(multipart.status()).toBe(415);
    const binary = await request.fetch("/api/auth/forgot-password", { method: "POST", headers: { "Content-Type": "application/octet-stream" }, data: Buffer.from(JSON.stringify({ email: "a@example.com" })) });
    expect(binary.status()).toBe(415);

    const user = await createUser();
    const structured = await request.post("/api/auth/login", {
      headers: { "Content-Type": "application/vnd.api+json" },
      data: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(structured.status()).toBe(200);
  });
});
