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
