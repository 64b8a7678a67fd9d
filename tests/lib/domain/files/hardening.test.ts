import { PayloadTooLargeError } from "@/lib/platform/http/errors";
import { createAsset, listAssets } from "@/lib/domain/files";
import { fileResponse, servedFileName } from "@/lib/domain/reader/serve";
import { storageUsage } from "@/lib/domain/files/quota";
import { createIdea, createPdfIdea, updateIdea } from "@/lib/domain/ideas";
import { parseMultipart } from "@/lib/platform/uploads/multipart";
import { db } from "@/lib/platform/db";
import { createUser, MINIMAL_PDF, PNG } from "../../../factories";
import { blobFiles, setEnv } from "../../../db-utils";

describe("file names", () => {
  it("multipart file names are read as UTF-8 (browsers send them raw)", async () => {
    const boundary = "----iv-utf8";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
      Buffer.from("Résumé 履歴書.pdf", "utf8"),
      Buffer.from(`"\r\nContent-Type: application/pdf\r\n\r\n`),
      MINIMAL_PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const req = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const { file } = await parseMultipart(req, { fileField: "file", maxFileBytes: 1024 * 1024, tooLarge: "too large" });
    expect(file?.fileName).toBe("Résumé 履歴書.pdf");
  });

  it.each([
    ["poly.html", "application/pdf", "poly.pdf"],
    ["report.PDF", "application/pdf", "report.PDF"],
    ["scan", "application/pdf", "scan.pdf"],
    ["photo.jpeg", "image/jpeg", "photo.jpeg"],
    ["photo.png", "image/jpeg", "photo.jpg"],
    ["anim.gif.exe", "image/gif", "anim.gif.gif"],
    [".png", "image/png", "file.png"],
    ["pic.webp", "image/webp", "pic.webp"],
  ])("%s served as %s is named %s", (name, type, served) => {
    expect(servedFileName(name, type)).toBe(served);
  });

  it("a PDF stored as poly.html is served (inline and as a download) as poly.pdf", async () => {
    const user = await createUser();
    const idea = await createPdfIdea(user.id, { title: "Polyglot", fileName: "poly.html", data: MINIMAL_PDF });
    const asset = await db.asset.findFirstOrThrow({ where: { ideaId: idea.id } });
    for (const download of [false, true]) {
      const res = await fileResponse(new Request("http://localhost/f"), asset, { download });
      const disposition = res.headers.get("content-disposition")!;
      expect(disposition).toContain('filename="poly.pdf"');
      expect(disposition.startsWith(download ? "attachment" : "inline")).toBe(true);
    }
  });

  it("control characters in an uploaded name are dropped, and an unsafe title is refused", async () => {
    const user = await createUser();
    const idea = await createPdfIdea(user.id, { fileName: "bad\u0000name.pdf", data: MINIMAL_PDF });
    expect(idea.title).toBe("badname");
    expect((await listAssets(user.id))[0].fileName).toBe("badname.pdf");
    await expect(createPdfIdea(user.id, { title: "a\u0000b", fileName: "x.pdf", data: MINIMAL_PDF })).rejects.toMatchObject({ name: "ZodError" });
    expect(await db.idea.count()).toBe(1);
  });
});

describe("storage quota (STORAGE_QUOTA_MB)", () => {
  it("counts files and idea content, and refuses an upload past the quota with 413, storing nothing", async () => {
    const user = await createUser();
    await createAsset({ ownerId: user.id, kind: "image", fileName: "a.png", contentType: "image/png", data: PNG });
    const used = await storageUsage(user.id);
    expect(used).toBeGreaterThanOrEqual(PNG.length);
    setEnv({ STORAGE_QUOTA_MB: String((used + PNG.length + 10) / (1024 * 1024)) });
    await createAsset({ ownerId: user.id, kind: "image", fileName: "b.png", contentType: "image/png", data: PNG });
    const blobsBefore = blobFiles().length;
    const refused = createAsset({ ownerId: user.id, kind: "image", fileName: "c.png", contentType: "image/png", data: PNG });
    await expect(refused).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(refused).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/^Storage quota exceeded/) });
    expect(blobFiles().length).toBe(blobsBefore);
    expect(await db.asset.count({ where: { ownerId: user.id } })).toBe(2);
  });

  it("refuses a PDF idea and idea content past the quota; replacing content counts only the difference", async () => {
    const user = await createUser();
    const idea = await createIdea(user.id, { title: "Small", content: "<p>x</p>" });
    const used = await storageUsage(user.id);
    setEnv({ STORAGE_QUOTA_MB: String((used + 2000) / (1024 * 1024)) });
    await expect(createPdfIdea(user.id, { title: "Big", fileName: "big.pdf", data: Buffer.concat([MINIMAL_PDF, Buffer.alloc(5000)]) })).rejects.toMatchObject({ status: 413 });
    await expect(createIdea(user.id, { title: "Huge", content: `<p>${"y".repeat(5000)}</p>` })).rejects.toMatchObject({ status: 413 });
    await expect(updateIdea(user.id, idea.id, { title: "Small", content: `<p>${"z".repeat(5000)}</p>` })).rejects.toMatchObject({ status: 413 });
    // A same-size rewrite is fine even at the edge.
    await updateIdea(user.id, idea.id, { title: "Small", content: "<p>w</p>" });
    expect(await db.idea.count({ where: { ownerId: user.id } })).toBe(1);
  });

  it("another account's usage does not count", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await createAsset({ ownerId: a.id, kind: "image", fileName: "a.png", contentType: "image/png", data: PNG });
    setEnv({ STORAGE_QUOTA_MB: String((PNG.length + 10) / (1024 * 1024)) });
    await expect(createAsset({ ownerId: b.id, kind: "image", fileName: "b.png", contentType: "image/png", data: PNG })).resolves.toBeTruthy();
  });
});
