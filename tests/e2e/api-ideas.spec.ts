import { test, expect, expectJson, createIdea, listIdeas, PNG_1X1 } from "./api-helpers";

const TITLE_REQUIRED = "Please enter a title for your idea";
const LIST_FIELDS = ["blockchainTimestamp", "hasDraft", "id", "kind", "lastModified", "recipientCount", "status", "timestamp", "title", "version", "viewCount"];

test.describe("API: creator endpoints when signed out", () => {
  test("every creator-workspace endpoint answers 401 JSON", async ({ request }) => {
    const png = { name: "a.png", mimeType: "image/png", buffer: PNG_1X1 };
    const calls: [string, () => ReturnType<typeof request.get>][] = [
      ["GET /api/ideas", () => request.get("/api/ideas")],
      ["POST /api/ideas", () => request.post("/api/ideas", { data: { title: "Nope", content: "<p>x</p>" } })],
      ["GET /api/ideas/1", () => request.get("/api/ideas/1")],
      ["PUT /api/ideas/1", () => request.put("/api/ideas/1", { data: { title: "Nope", content: "<p>x</p>" } })],
      ["DELETE /api/ideas/1", () => request.delete("/api/ideas/1", { headers: { "Content-Type": "application/json" } })],
      ["PUT /api/ideas/1/publish", () => request.put("/api/ideas/1/publish")],
      ["POST /api/ideas/pdf", () => request.post("/api/ideas/pdf", { multipart: { file: { name: "a.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") }, title: "x" } })],
      ["GET /api/assets", () => request.get("/api/assets")],
      ["POST /api/upload/image", () => request.post("/api/upload/image", { multipart: { image: png } })],
      ["PUT /api/profile", () => request.put("/api/profile", { data: { name: "New Name" } })],
      ["POST /api/profile/image", () => request.post("/api/profile/image", { multipart: { image: png } })],
    ];
    for (const [label, call] of calls) {
      const res = await call();
      const text = await res.text();
      expect(res.status(), `${label}: ${text}`).toBe(401);
      expect(res.headers()["content-type"], label).toContain("application/json");
      expect(JSON.parse(text), label).toMatchObject({ success: false, error: "Authentication required" });
    }
    // Files also serve agreed share recipients, who have no account: everyone else gets the same 404.
    for (const url of ["/api/files/x", "/api/files/clxxxxxxxxxxxxxxxxxxxxxxx"]) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
      expect(await res.json(), url).toMatchObject({ success: false, error: "File not found" });
    }
  });
});

test.describe("API: creating ideas", () => {
  test("POST /api/ideas answers 201 with a numeric id; the idea reads back with its title and content", async ({ newCreator }) => {
    const { api } = await newCreator();
    const created = await createIdea(api, { title: "  Solar Kettle  ", content: "<h1>Solar Kettle</h1><p>Boil water with sunlight.</p>" });
    expect(typeof created.id).toBe("number");
    expect(Number.isInteger(created.id) && created.id > 0).toBe(true);
    expect(created).toMatchObject({ title: "Solar Kettle", status: "draft", content: "<h1>Solar Kettle</h1><p>Boil water with sunlight.</p>" });

    const got = await expectJson(await api.get(`/api/ideas/${created.id}`), 200);
    expect(got).toMatchObject({ id: created.id, title: "Solar Kettle", status: "draft", kind: "html", content: "<h1>Solar Kettle</h1><p>Boil water with sunlight.</p>" });
    // Storage internals never leave the server.
    for (const key of ["contentCiphertext", "contentKeyId", "ownerId", "pdfAssetId"]) expect(got, key).not.toHaveProperty(key);
  });

  test("blank, whitespace-only or missing titles are refused with 400 and the spec message", async ({ newCreator }) => {
    const { api } = await newCreator();
    for (const data of [{ title: "", content: "<p>x</p>" }, { title: "   \t ", content: "<p>x</p>" }, { content: "<p>x</p>" }]) {
      const body = await expectJson(await api.post("/api/ideas", { data }), 400);
      expect(body.error, JSON.stringify(data)).toBe(TITLE_REQUIRED);
    }
    expect(await listIdeas(api)).toEqual([]);
  });

  test("malformed JSON is a 400, not a crash", async ({ newCreator }) => {
    const { api } = await newCreator();
    const res = await api.post("/api/ideas", { headers: { "Content-Type": "application/json" }, data: "{not json" });
    const body = await expectJson(res, 400);
    expect(body).toMatchObject({ success: false });
    expect(typeof body.error).toBe("string");
    expect(await listIdeas(api)).toEqual([]);
  });

  test("without content (missing, null or blank) the idea starts from the default template", async ({ newCreator }) => {
    const { api } = await newCreator();
    for (const data of [{ title: "No content" }, { title: "Null content", content: null }, { title: "Blank content", content: "   " }]) {
      const created = await createIdea(api, data);
      const got = await expectJson(await api.get(`/api/ideas/${created.id}`), 200);
      expect(typeof got.content, data.title).toBe("string");
      expect(got.content, data.title).toContain("Problem Statement");
      expect(got.content, data.title).toContain("<h1>My Idea</h1>");
      expect(got.content, data.title).toContain("Solution Overview");
    }
  });

  test("<script> and event-handler attributes are stripped on create and on update", async ({ newCreator }) => {
    const { api } = await newCreator();
    const created = await createIdea(api, {
      title: "XSS attempt",
      content: '<p>Hello</p><script>alert("create")</script><img src="/api/files/cm1abcdef0000" onerror="alert(1)">',
    });
    for (const content of [created.content as string, (await expectJson(await api.get(`/api/ideas/${created.id}`), 200)).content as string]) {
      expect(content).toContain("<p>Hello</p>");
      expect(content.toLowerCase()).not.toContain("<script");
      expect(content).not.toContain('alert("create")');
      expect(content.toLowerCase()).not.toContain("onerror");
      expect(content).toContain('<img src="/api/files/cm1abcdef0000"');
    }

    const updated = await expectJson(
      await api.put(`/api/ideas/${created.id}`, {
        data: { title: "XSS attempt 2", content: '<p>Second</p><SCRIPT src="https://evil.example/x.js"></SCRIPT><img src=x onerror=alert(2)><a href="javascript:alert(3)" onclick="x()">link</a>' },
      }),
      200,
    );
    const got = await expectJson(await api.get(`/api/ideas/${created.id}`), 200);
    for (const content of [updated.content as string, got.content as string]) {
      expect(content).toContain("<p>Second</p>");
      expect(content.toLowerCase()).not.toContain("<script");
      expect(content).not.toContain("evil.example");
      expect(content.toLowerCase()).not.toContain("onerror");
      expect(content.toLowerCase()).not.toContain("onclick");
      expect(content.toLowerCase()).not.toContain("javascript:");
    }
    expect(got.title).toBe("XSS attempt 2");
  });
});

test.describe("API: listing ideas", () => {
  test("GET /api/ideas returns list fields only, newest change first, and only the caller's ideas", async ({ newCreator }) => {
    const { api } = await newCreator();
    const other = await newCreator();
    const theirs = await createIdea(other.api, { title: "Somebody else's", content: "<p>secret</p>" });

    const a = await createIdea(api, { title: "Alpha", content: "<p>alpha body text</p>" });
    const b = await createIdea(api, { title: "Bravo", content: "<p>bravo body text</p>" });
    const c = await createIdea(api, { title: "Charlie", content: "<p>charlie body text</p>" });

    const res = await api.get("/api/ideas");
    const raw = await res.text();
    expect(res.status()).toBe(200);
    const list = JSON.parse(raw) as Record<string, unknown>[];
    expect(list.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(LIST_FIELDS);
    expect(list[0]).toMatchObject({ id: c.id, title: "Charlie", status: "draft", kind: "html", blockchainTimestamp: null });
    expect(Number.isNaN(Date.parse(list[0].lastModified as string))).toBe(false);
    // No content, no ciphertext, no other creator's idea.
    expect(raw).not.toContain("body text");
    expect(raw).not.toMatch(/content|ciphertext|ownerId/i);
    expect(list.some((i) => i.id === theirs.id)).toBe(false);

    // Updating the oldest moves it to the top.
    await expectJson(await api.put(`/api/ideas/${a.id}`, { data: { title: "Alpha v2", content: "<p>alpha again</p>" } }), 200);
    const after = await listIdeas(api);
    expect(after.map((i) => i.id)).toEqual([a.id, c.id, b.id]);
    expect(after[0].title).toBe("Alpha v2");
  });
});

test.describe("API: ownership and ids", () => {
  test("another creator's idea is a 404 for GET, PUT, DELETE and publish, and stays unchanged", async ({ newCreator }) => {
    const owner = await newCreator();
    const intruder = await newCreator();
    const idea = await createIdea(owner.api, { title: "Mine", content: "<p>private plan</p>" });
    const before = await expectJson(await owner.api.get(`/api/ideas/${idea.id}`), 200);

    const get = await expectJson(await intruder.api.get(`/api/ideas/${idea.id}`), 404);
    expect(get).toMatchObject({ success: false, error: "Idea not found" });
    expect(JSON.stringify(get)).not.toContain("private plan");
    await expectJson(await intruder.api.put(`/api/ideas/${idea.id}`, { data: { title: "Hijacked", content: "<p>pwned</p>" } }), 404);
    await expectJson(await intruder.api.put(`/api/ideas/${idea.id}/publish`), 404);
    await expectJson(await intruder.api.delete(`/api/ideas/${idea.id}`, { headers: { "Content-Type": "application/json" } }), 404);
    expect(await listIdeas(intruder.api)).toEqual([]);

    const after = await expectJson(await owner.api.get(`/api/ideas/${idea.id}`), 200);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ title: "Mine", status: "draft", content: "<p>private plan</p>", publishedAt: null });
  });

  test("non-numeric, zero, negative and out-of-range ids are 404", async ({ newCreator }) => {
    const { api } = await newCreator();
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect((await expectJson(await api.get(`/api/ideas/${id}`), 404)).error, `GET ${id}`).toBe("Idea not found");
    }
    for (const id of ["abc", "0"]) {
      await expectJson(await api.put(`/api/ideas/${id}`, { data: { title: "T", content: "<p>x</p>" } }), 404);
      await expectJson(await api.delete(`/api/ideas/${id}`), 404);
      await expectJson(await api.put(`/api/ideas/${id}/publish`), 404);
    }
    // A well-formed id that does not exist is the same 404.
    await expectJson(await api.get("/api/ideas/2147483647"), 404);
  });
});

test.describe("API: publishing and deleting", () => {
  test("publish answers 200 'published'; again is harmless; a published idea cannot be edited or deleted (409)", async ({ newCreator }) => {
    const { api } = await newCreator();
    const idea = await createIdea(api, { title: "To publish", content: "<p>final words</p>" });

    const first = await expectJson(await api.put(`/api/ideas/${idea.id}/publish`), 200);
    expect(first).toMatchObject({ id: idea.id, status: "published", title: "To publish", content: "<p>final words</p>" });
    expect(typeof first.publishedAt).toBe("string");
    expect(Number.isNaN(Date.parse(first.publishedAt))).toBe(false);

    const again = await expectJson(await api.put(`/api/ideas/${idea.id}/publish`), 200);
    expect(again.status).toBe("published");
    expect(again.publishedAt).toBe(first.publishedAt);

    const put = await expectJson(await api.put(`/api/ideas/${idea.id}`, { data: { title: "Changed", content: "<p>changed</p>" } }), 409);
    expect(put).toMatchObject({ success: false, error: "Published ideas cannot be edited." });
    const del = await expectJson(await api.delete(`/api/ideas/${idea.id}`, { headers: { "Content-Type": "application/json" } }), 409);
    expect(del).toMatchObject({ success: false, error: "Published ideas cannot be deleted." });

    const after = await expectJson(await api.get(`/api/ideas/${idea.id}`), 200);
    expect(after).toMatchObject({ title: "To publish", status: "published", content: "<p>final words</p>", publishedAt: first.publishedAt });
    expect((await listIdeas(api)).map((i) => [i.id, i.status])).toEqual([[idea.id, "published"]]);
  });

  test("DELETE of a draft answers 200, then the idea is 404 and gone from the list", async ({ newCreator }) => {
    const { api } = await newCreator();
    const keep = await createIdea(api, { title: "Keep me", content: "<p>keep</p>" });
    const idea = await createIdea(api, { title: "Delete me", content: "<p>bye</p>" });

    const del = await expectJson(await api.delete(`/api/ideas/${idea.id}`, { headers: { "Content-Type": "application/json" } }), 200);
    expect(del).toEqual({ success: true });
    await expectJson(await api.get(`/api/ideas/${idea.id}`), 404);
    await expectJson(await api.delete(`/api/ideas/${idea.id}`), 404);
    expect((await listIdeas(api)).map((i) => i.id)).toEqual([keep.id]);
  });
});

test.describe("API: profile", () => {
  test("PUT /api/profile changes the name but never the e-mail; a 1-letter name is a 400", async ({ newCreator }) => {
    const { api, user } = await newCreator();
    const res = await expectJson(await api.put("/api/profile", { data: { name: "New Name", email: "hacker@example.com" } }), 200);
    expect(res).toMatchObject({ name: "New Name", email: user.email });

    const me = await expectJson(await api.get("/api/auth/me"), 200);
    expect(me).toEqual({ name: "New Name", email: user.email, profileImage: null, showEmailOnCertificates: false, emailVerified: true });

    const short = await expectJson(await api.put("/api/profile", { data: { name: "A", email: user.email } }), 400);
    expect(short.error).toBe("Name must be at least 2 characters");
    expect((await expectJson(await api.get("/api/auth/me"), 200)).name).toBe("New Name");

    // The old address still signs in; the one sent in the payload does not exist.
    const login = await api.post("/api/auth/login", { data: { email: "hacker@example.com", password: user.password } });
    expect(login.status()).toBe(401);
  });
});
