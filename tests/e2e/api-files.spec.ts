import {
  test,
  expect,
  expectJson,
  createIdea,
  listIdeas,
  listAssets,
  makePdf,
  pdfOfSize,
  uploadPdf,
  uploadImage,
  uploadProfileImage,
  PNG_1X1,
  PNG_1X1_OTHER,
  SVG,
} from "./api-helpers";

const MB10 = 10 * 1024 * 1024;
const INVALID_PDF = "Invalid File Type: Only PDF files are supported at this time";
const PDF_TOO_LARGE = "File Too Large: PDF files must be less than 10MB";
const NOT_AN_IMAGE = "Only PNG, JPEG, GIF or WebP images are supported";

function fileId(url: string) {
  const m = url.match(/^\/api\/files\/([A-Za-z0-9]+)$/);
  expect(m, `a /api/files/{id} URL: ${url}`).toBeTruthy();
  return m![1];
}

test.describe("API: PDF ideas", () => {
  test("a real PDF becomes a draft idea with the title sent and pdf content pointing at /api/files", async ({ newCreator }) => {
    const { api } = await newCreator();
    const pdf = makePdf("Quarterly plan");
    const created = await expectJson(await uploadPdf(api, { name: "plan-v2.pdf", buffer: pdf }, "Quarterly Plan"), 201);
    expect(typeof created.id).toBe("number");
    expect(created).toMatchObject({ title: "Quarterly Plan", status: "draft", kind: "pdf" });

    const got = await expectJson(await api.get(`/api/ideas/${created.id}`), 200);
    expect(got.title).toBe("Quarterly Plan");
    expect(got.content).toEqual({ type: "pdf", fileName: "plan-v2.pdf", pdfPath: expect.stringMatching(/^\/api\/files\/[A-Za-z0-9]+$/) });

    const list = await listIdeas(api);
    expect(list.map((i) => [i.id, i.title, i.kind])).toEqual([[created.id, "Quarterly Plan", "pdf"]]);
    const assets = await listAssets(api);
    expect(assets).toHaveLength(1);
    expect(assets[0]).toMatchObject({ fileName: "plan-v2.pdf", filePath: got.content.pdfPath });

    // Without a title the file name (minus .pdf) is used.
    const untitled = await expectJson(await uploadPdf(api, { name: "Roadmap 2030.pdf", buffer: makePdf("Roadmap") }), 201);
    expect(untitled.title).toBe("Roadmap 2030");
  });

  test("a text file named .pdf and declared application/pdf is refused with 400 and leaves nothing behind", async ({ newCreator }) => {
    const { api } = await newCreator();
    const existing = await createIdea(api, { title: "Existing", content: "<p>x</p>" });
    const assetsBefore = await listAssets(api);

    const res = await uploadPdf(api, { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some plain text, not a PDF\n") }, "Fake PDF");
    expect((await expectJson(res, 400)).error).toBe(INVALID_PDF);

    const empty = await uploadPdf(api, { name: "empty.pdf", buffer: Buffer.alloc(0) }, "Empty");
    expect((await expectJson(empty, 400)).success).toBe(false);

    expect((await listIdeas(api)).map((i) => i.id)).toEqual([existing.id]);
    expect(await listAssets(api)).toEqual(assetsBefore);
  });

  test("a PDF over 10 MB is refused with 413 and leaves nothing behind", async ({ newCreator }) => {
    const { api } = await newCreator();
    const assetsBefore = await listAssets(api);
    const res = await uploadPdf(api, { name: "huge.pdf", buffer: pdfOfSize(MB10 + 1) }, "Too big");
    expect((await expectJson(res, 413)).error).toBe(PDF_TOO_LARGE);
    expect(await listIdeas(api)).toEqual([]);
    expect(await listAssets(api)).toEqual(assetsBefore);
  });

  test("a PDF of exactly 10 MB is accepted (the limit is 'must not exceed 10 MB')", async ({ newCreator }) => {
    const { api } = await newCreator();
    const data = pdfOfSize(MB10);
    const created = await expectJson(await uploadPdf(api, { name: "edge.pdf", buffer: data }, "Exactly ten"), 201);
    const got = await expectJson(await api.get(`/api/ideas/${created.id}`), 200);
    const file = await api.get(got.content.pdfPath);
    expect(file.status()).toBe(200);
    // Next.js frames route-handler bodies itself (chunked) and drops Content-Length, so compare the bytes.
    expect((await file.body()).length).toBe(MB10);
  });
});

test.describe("API: serving files", () => {
  test("GET /api/files/{id} serves the PDF inline with Range support, only to its owner", async ({ newCreator, request }) => {
    const owner = await newCreator();
    const other = await newCreator();
    const pdf = makePdf("Served file");
    const created = await expectJson(await uploadPdf(owner.api, { name: "served.pdf", buffer: pdf }, "Served"), 201);
    const url = (await expectJson(await owner.api.get(`/api/ideas/${created.id}`), 200)).content.pdfPath as string;
    fileId(url);

    const full = await owner.api.get(url);
    expect(full.status()).toBe(200);
    const h = full.headers();
    expect(h["content-type"]).toBe("application/pdf");
    expect(h["content-disposition"]).toMatch(/^inline;/);
    expect(h["content-disposition"]).toContain('filename="served.pdf"');
    expect(h["accept-ranges"]).toBe("bytes");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(await full.body(), pdf)).toBe(0);

    const head = await owner.api.get(url, { headers: { Range: "bytes=0-4" } });
    expect(head.status()).toBe(206);
    expect((await head.body()).toString("latin1")).toBe("%PDF-");
    expect(head.headers()["content-range"]).toBe(`bytes 0-4/${pdf.length}`);

    const tail = await owner.api.get(url, { headers: { Range: "bytes=-6" } });
    expect(tail.status()).toBe(206);
    expect((await tail.body()).toString("latin1")).toBe("%%EOF\n");

    const beyond = await owner.api.get(url, { headers: { Range: "bytes=99999999-" } });
    expect(beyond.status()).toBe(416);
    expect(beyond.headers()["content-range"]).toBe(`bytes */${pdf.length}`);

    const download = await owner.api.get(`${url}?download=1`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);

    const foreign = await expectJson(await other.api.get(url), 404);
    expect(foreign).toMatchObject({ success: false, error: "File not found" });
    // Signed out (and no recipient session): the same 404 as for a stranger.
    expect((await request.get(url)).status()).toBe(404);
    await expectJson(await owner.api.get("/api/files/doesnotexist0000000000"), 404);
    await expectJson(await owner.api.get("/api/files/x"), 404);
  });

  test("deleting a PDF draft removes its file: the URL answers 404 and the asset leaves the list", async ({ newCreator }) => {
    const { api } = await newCreator();
    const created = await expectJson(await uploadPdf(api, { name: "gone.pdf", buffer: makePdf("Gone") }, "Gone soon"), 201);
    const url = (await expectJson(await api.get(`/api/ideas/${created.id}`), 200)).content.pdfPath as string;
    expect((await api.get(url)).status()).toBe(200);

    await expectJson(await api.delete(`/api/ideas/${created.id}`, { headers: { "Content-Type": "application/json" } }), 200);
    await expectJson(await api.get(url), 404);
    await expectJson(await api.get(`/api/ideas/${created.id}`), 404);
    expect(await listAssets(api)).toEqual([]);
  });
});

test.describe("API: editor images", () => {
  test("a real PNG is stored (201 {url, id}), served as image/png and listed in /api/assets", async ({ newCreator }) => {
    const { api } = await newCreator();
    const idea = await createIdea(api, { title: "With image", content: "<p>x</p>" });

    const body = await expectJson(await uploadImage(api, { name: "dot.png", buffer: PNG_1X1 }, idea.id), 201);
    expect(Object.keys(body).sort()).toEqual(["id", "url"]);
    expect(body.url).toBe(`/api/files/${body.id}`);

    const img = await api.get(body.url);
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");
    expect(Buffer.compare(await img.body(), PNG_1X1)).toBe(0);

    // Also without an idea (a new, unsaved idea).
    const loose = await expectJson(await uploadImage(api, { name: "loose.png", buffer: PNG_1X1_OTHER }), 201);

    const assets = await listAssets(api);
    expect(assets.map((a) => a.id)).toEqual([loose.id, body.id]);
    const listed = assets.find((a) => a.id === body.id)!;
    expect(listed).toMatchObject({ fileName: "dot.png", filePath: body.url });
    expect(Number.isNaN(Date.parse(listed.createdAt))).toBe(false);
  });

  test("non-images are refused with 400: text named x.png, SVG, and an empty file", async ({ newCreator }) => {
    const { api } = await newCreator();
    const text = await uploadImage(api, { name: "x.png", mimeType: "image/png", buffer: Buffer.from("this is not a PNG at all") });
    expect((await expectJson(text, 400)).error).toBe(NOT_AN_IMAGE);
    const svg = await uploadImage(api, { name: "x.svg", mimeType: "image/svg+xml", buffer: SVG });
    expect((await expectJson(svg, 400)).error).toBe(NOT_AN_IMAGE);
    const svgAsPng = await uploadImage(api, { name: "x.png", mimeType: "image/png", buffer: SVG });
    expect((await expectJson(svgAsPng, 400)).error).toBe(NOT_AN_IMAGE);
    await expectJson(await uploadImage(api, { name: "empty.png", buffer: Buffer.alloc(0) }), 400);
    expect(await listAssets(api)).toEqual([]);
  });

  test("an ideaId of another creator's idea is a 404 and nothing is stored", async ({ newCreator }) => {
    const owner = await newCreator();
    const intruder = await newCreator();
    const idea = await createIdea(owner.api, { title: "Owner's", content: "<p>x</p>" });

    const res = await uploadImage(intruder.api, { name: "dot.png", buffer: PNG_1X1 }, idea.id);
    expect((await expectJson(res, 404)).error).toBe("Idea not found");
    await expectJson(await uploadImage(intruder.api, { name: "dot.png", buffer: PNG_1X1 }, "abc"), 404);
    expect(await listAssets(intruder.api)).toEqual([]);
    expect(await listAssets(owner.api)).toEqual([]);
  });

  test("another creator cannot read an uploaded image (404)", async ({ newCreator }) => {
    const owner = await newCreator();
    const other = await newCreator();
    const body = await expectJson(await uploadImage(owner.api, { name: "dot.png", buffer: PNG_1X1 }), 201);
    await expectJson(await other.api.get(body.url), 404);
  });
});

test.describe("API: profile image", () => {
  test("POST /api/profile/image answers {profileImage}; /api/auth/me returns it; the previous image is gone after a second upload", async ({ newCreator }) => {
    const { api, user } = await newCreator();
    const first = await expectJson(await uploadProfileImage(api, { name: "me.png", buffer: PNG_1X1 }), 200);
    expect(Object.keys(first)).toEqual(["profileImage"]);
    fileId(first.profileImage);
    expect(await expectJson(await api.get("/api/auth/me"), 200)).toEqual({ name: user.name, email: user.email, profileImage: first.profileImage, showEmailOnCertificates: false, emailVerified: true });
    const img = await api.get(first.profileImage);
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");

    const second = await expectJson(await uploadProfileImage(api, { name: "me2.png", buffer: PNG_1X1 }), 200);
    expect(second.profileImage).not.toBe(first.profileImage);
    expect((await expectJson(await api.get("/api/auth/me"), 200)).profileImage).toBe(second.profileImage);
    await expectJson(await api.get(first.profileImage), 404);
    expect((await api.get(second.profileImage)).status()).toBe(200);

    // A non-image is refused and the current image stays.
    const bad = await uploadProfileImage(api, { name: "evil.svg", mimeType: "image/svg+xml", buffer: SVG });
    expect((await expectJson(bad, 400)).error).toBe(NOT_AN_IMAGE);
    expect((await expectJson(await api.get("/api/auth/me"), 200)).profileImage).toBe(second.profileImage);
  });
});
