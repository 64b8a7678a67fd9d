import type { APIRequestContext } from "@playwright/test";
import { test, expect, expectJson, listIdeas, listAssets, makePdf, uploadPdf } from "./api-helpers";
import { uniqueEmail } from "./fixtures";

const UNSAFE_MESSAGE = "Text contains characters that are not allowed";

test.describe("API: text that PostgreSQL cannot store is a 400, never a 500", () => {
  test("a NUL or a lone surrogate in titles, names and the waitlist profession", async ({ request, newCreator }, testInfo) => {
    const { api } = await newCreator();
    for (const title of ["a\u0000b", "x\ud800y"]) {
      const body = await expectJson(await api.post("/api/ideas", { data: { title } }), 400);
      expect(body.error).toBe(UNSAFE_MESSAGE);
    }
    const idea = await expectJson(await api.post("/api/ideas", { data: { title: "Fine" } }), 201);
    expect((await expectJson(await api.put(`/api/ideas/${idea.id}`, { data: { title: "b\u0000", content: "<p>x</p>" } }), 400)).error).toBe(UNSAFE_MESSAGE);
    expect((await listIdeas(api)).map((i) => i.title)).toEqual(["Fine"]);

    for (const name of ["Ada\u0000", "Ada \udfff"]) {
      expect((await expectJson(await api.put("/api/profile", { data: { name } }), 400)).error).toBe(UNSAFE_MESSAGE);
      const reg = await request.post("/api/auth/register", { data: { name, email: uniqueEmail(testInfo, "nul"), password: "secret-1" } });
      expect((await expectJson(reg, 400)).error).toBe(UNSAFE_MESSAGE);
    }
    const waitlist = await request.post("/api/waitlist", { data: { name: "Ada", email: uniqueEmail(testInfo, "wl"), profession: "Eng\u0000ineer" } });
    expect((await expectJson(waitlist, 400)).error).toBe(UNSAFE_MESSAGE);

    const pdf = await uploadPdf(api, { name: "plan.pdf", buffer: makePdf() }, "Plan\u0000");
    expect((await expectJson(pdf, 400)).error).toBe(UNSAFE_MESSAGE);
    expect(await listAssets(api)).toEqual([]);
  });
});

test.describe("API: uploaded file names", () => {
  test("a UTF-8 file name survives the upload: assets list and Content-Disposition", async ({ newCreator }) => {
    const { api } = await newCreator();
    const name = "Résumé 履歴書.pdf";
    const idea = await expectJson(await uploadPdf(api, { name, buffer: makePdf("utf8") }), 201);
    expect(idea.title).toBe("Résumé 履歴書");
    const [asset] = await listAssets(api);
    expect(asset.fileName).toBe(name);
    const res = await api.get(`${asset.filePath}?download=1`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  test("a PDF named poly.html is served as poly.pdf, inline and as a download", async ({ newCreator }) => {
    const { api } = await newCreator();
    await expectJson(await uploadPdf(api, { name: "poly.html", buffer: makePdf("poly"), mimeType: "text/html" }, "Poly"), 201);
    const [asset] = await listAssets(api);
    for (const suffix of ["", "?download=1"]) {
      const res = await api.get(`${asset.filePath}${suffix}`);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect(res.headers()["content-disposition"]).toContain('filename="poly.pdf"');
      expect(res.headers()["content-disposition"]).not.toContain("html");
    }
  });
});

test.describe("API: junk in a path id is a 4xx on the real server", () => {
  // %00 reached PostgreSQL (500); %ED%A0%80 is an encoded lone surrogate, invalid UTF-8.
  const JUNK = ["%00", "a%00b", "%ED%A0%80", "%C0%AF", "%FF"];

  test("owner, recipient and file routes answer 404 (or Next's own 400), never 500", async ({ newCreator, playwright }, testInfo) => {
    const { api } = await newCreator();
    const idea = await expectJson(await api.post("/api/ideas", { data: { title: "Junk ids" } }), 201);
    const share = await expectJson(await api.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access" } }), 201);
    // A browser holding a recipient cookie, so the recipient routes get past "who are you".
    const visitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    await expectJson(await visitor.post("/api/recipients", { data: { name: "Grace Hopper", email: "grace@example.com", accessToken: share.accessLink } }), 201);
    const calls: [APIRequestContext, string, string][] = [];
    for (const junk of JUNK) {
      calls.push(
        [api, "GET", `/api/shares/${junk}/recipients`],
        [api, "DELETE", `/api/shares/${junk}`],
        [api, "POST", `/api/comments/${junk}/replies`],
        [api, "GET", `/api/ndas/${junk}/certificate.pdf`],
        [api, "GET", `/api/ndas/${junk}/timestamp`],
        [api, "GET", `/api/ideas/${junk}`],
        [api, "GET", `/api/files/${junk}`],
        [visitor, "POST", `/api/recipients/${junk}/code`],
        [visitor, "PUT", `/api/recipients/${junk}/nda`],
        [visitor, "POST", `/api/recipients/${junk}/verify`],
        [visitor, "GET", `/api/share/${junk}`],
        [visitor, "GET", `/api/share/${junk}/timestamp`],
        [visitor, "GET", `/api/files/${junk}`],
      );
    }
    const data = { content: "Hello", code: "123456", agreed: true };
    const failures: string[] = [];
    for (const [ctx, method, url] of calls) {
      const res = await ctx.fetch(url, { method, ...(method === "POST" || method === "PUT" ? { data } : {}) });
      if (res.status() !== 404 && res.status() !== 400) failures.push(`${method} ${url}: ${res.status()}`);
    }
    expect(failures).toEqual([]);
    expect((await visitor.post("/api/comments", { data: { recipientId: "\u0000", content: "Hi" } })).status()).toBe(400);
    await visitor.dispose();
  });

  test("recipient and owner pages with an undecodable or NUL token are a 4xx or Access Denied, never 500", async ({ newCreator }) => {
    const { api } = await newCreator();
    for (const junk of ["%ED%A0%80", "%00"]) {
      for (const path of ["/view", "/collect", "/nda", "/document", "/editor", "/share"]) {
        const res = await api.get(`${path}/${junk}`, { maxRedirects: 0 });
        expect(res.status(), `${path}/${junk}`).toBeLessThan(500);
      }
    }
  });

  test("an expiry beyond what the database stores is a 400", async ({ newCreator }) => {
    const { api } = await newCreator();
    const idea = await expectJson(await api.post("/api/ideas", { data: { title: "Far future" } }), 201);
    const res = await api.post("/api/shares", { data: { ideaId: idea.id, shareType: "time-dependent", expiresAt: "+275760-09-13T00:00:00Z" } });
    expect((await expectJson(res, 400)).error).toBe("Please choose an expiration date before the year 10000");
  });
});

test.describe("API: every answer with user data is private", () => {
  test("owner GETs and the certificate download send private, no-store and no Referer", async ({ newCreator, playwright }, testInfo) => {
    const { api } = await newCreator();
    const idea = await expectJson(await api.post("/api/ideas", { data: { title: "Headers", content: "<p>Secret</p>" } }), 201);
    const share = await expectJson(await api.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access" } }), 201);
    const visitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const recipient = await expectJson(await visitor.post("/api/recipients", { data: { name: "Grace Hopper", email: "grace@example.com", accessToken: share.accessLink } }), 201);
    await expectJson(await visitor.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 200);
    const [nda] = await expectJson(await api.get(`/api/ideas/${idea.id}/ndas`), 200);
    for (const url of ["/api/ideas", `/api/ideas/${idea.id}`, "/api/auth/me", "/api/assets", `/api/ideas/${idea.id}/shares`, `/api/ndas/${nda.id}/certificate.pdf`, "/api/ideas/999999999"]) {
      const res = await api.get(url);
      expect(res.status(), url).toBeLessThan(500);
      expect(res.headers()["cache-control"], url).toMatch(/^private, no-store/);
      expect(res.headers()["referrer-policy"], url).toBe("no-referrer");
    }
    const mine = await visitor.get(`/api/ndas/${nda.id}/certificate.pdf`);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["referrer-policy"]).toBe("no-referrer");
    await visitor.dispose();
  });
});
