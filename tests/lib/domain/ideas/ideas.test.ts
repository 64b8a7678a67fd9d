import fs from "node:fs";
import { db } from "@/lib/platform/db";
import { DecryptionError, sha256Hex } from "@/lib/platform/crypto";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { createIdea, createPdfIdea, deleteIdea, findIdeaSummary, getIdea, listIdeas, publishIdea, updateIdea, PUBLISHED_NOT_DELETABLE, PUBLISHED_READ_ONLY } from "@/lib/domain/ideas";
import { DEFAULT_IDEA_TEMPLATE } from "@/lib/domain/ideas/default-template";
import { htmlExport } from "@/lib/domain/ideas/export";
import { uploadEditorImage } from "@/lib/domain/ideas/images";
import { PNG, MINIMAL_PDF, distinctPng, createDraft, createPdfDraft, createPublished, createUser } from "../../../factories";
import { blobFiles, blobPath } from "../../../db-utils";
import { readerPagesFolder } from "@/lib/domain/reader";




/** The raw row, for "nothing changed" comparisons. */
async function rawIdea(id: number) {
  return db.idea.findUniqueOrThrow({ where: { id } });
}

describe("ideas: happy paths", () => {
  it("creates, reads, updates, publishes and deletes a draft", async () => {
    const user = await createUser();
    const created = await createIdea(user.id, { title: "Solar kettle", content: "<p>Boil water with sunlight</p>" });
    expect(created).toMatchObject({ title: "Solar kettle", status: "draft", kind: "html", content: "<p>Boil water with sunlight</p>", publishedAt: null, contentSha256: null });
    expect(typeof created.id).toBe("number");
    for (const hidden of ["ownerId", "contentCiphertext", "contentKeyId", "pdfAssetId"]) expect(created).not.toHaveProperty(hidden);

    expect(await getIdea(user.id, created.id)).toEqual(created);

    const updated = await updateIdea(user.id, created.id, { title: "Solar kettle v2", content: "<p>Now with a lid</p>" });
    expect(updated).toMatchObject({ id: created.id, title: "Solar kettle v2", content: "<p>Now with a lid</p>", status: "draft" });
    expect(updated.lastModified.getTime()).toBeGreaterThanOrEqual(created.lastModified.getTime());

    // Sending only a title keeps the content.
    const retitled = await updateIdea(user.id, created.id, { title: "Solar kettle v3" });
    expect(retitled).toMatchObject({ title: "Solar kettle v3", content: "<p>Now with a lid</p>" });

    const second = await createDraft(user.id, { title: "Other" });
    await deleteIdea(user.id, second.id);
    await expect(getIdea(user.id, second.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.idea.count()).toBe(1);

    const published = await publishIdea(user.id, created.id);
    expect(published).toMatchObject({ id: created.id, status: "published", title: "Solar kettle v3", content: "<p>Now with a lid</p>" });
    expect(published.publishedAt).toBeInstanceOf(Date);
    expect(await listIdeas(user.id)).toEqual([expect.objectContaining({ id: created.id, status: "published" })]);
  });

  it("fixes the SHA-256 of the canonical export at publication and sets the commitment time", async () => {
    const user = await createUser();
    const idea = await createDraft(user.id, { content: "<p>Digest me</p>" });
    const published = await publishIdea(user.id, idea.id);
    expect(published.contentSha256).toBe(sha256Hex(htmlExport(published.title, "<p>Digest me</p>")));
    expect(published.blockchainTimestamp).toEqual(published.publishedAt);
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["empty", ""],
    ["blank", "  \n\t "],
  ])("starts a new idea with the default template when content is %s", async (_label, content) => {
    const user = await createUser();
    const idea = await createIdea(user.id, { title: "Fresh", content });
    expect(idea.content).toBe(DEFAULT_IDEA_TEMPLATE);
    expect(idea.kind).toBe("html");
    expect((await getIdea(user.id, idea.id)).content).toBe(DEFAULT_IDEA_TEMPLATE);
  });

  it("stores canvas content as canvas", async () => {
    const user = await createUser();
    const elements = [{ type: "text" as const, x: 10, y: 20, text: "Hello", fontSize: 16, fontFamily: "Arial" }];
    const idea = await createIdea(user.id, { title: "Board", content: { elements } });
    expect(idea.kind).toBe("canvas");
    expect((await getIdea(user.id, idea.id)).content).toEqual({ elements });
  });

  it("refuses to create a PDF idea from JSON content", async () => {
    const user = await createUser();
    await expect(createIdea(user.id, { title: "Fake", content: { type: "pdf", fileName: "x.pdf", pdfPath: "/api/files/x" } })).rejects.toBeInstanceOf(ConflictError);
    expect(await db.idea.count()).toBe(0);
  });
});

describe("listIdeas", () => {
  it("returns exactly the list fields, the owner's ideas only, most recently modified first", async () => {
    const user = await createUser();
    const other = await createUser();
    const a = await createDraft(user.id, { title: "A", content: "<p>secret A</p>" });
    const b = await createDraft(user.id, { title: "B" });
    await createDraft(other.id, { title: "Not mine" });
    await db.idea.update({ where: { id: a.id }, data: { lastModified: new Date(Date.now() - 60_000) } });

    const list = await listIdeas(user.id);
    expect(list.map((i) => i.title)).toEqual(["B", "A"]);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(["blockchainTimestamp", "hasDraft", "id", "kind", "lastModified", "recipientCount", "status", "timestamp", "title", "version", "viewCount"]);
    }
    expect(JSON.stringify(list)).not.toContain("secret A");

    await updateIdea(user.id, a.id, { title: "A2" });
    expect((await listIdeas(user.id)).map((i) => i.id)).toEqual([a.id, b.id]);
    expect(await listIdeas((await createUser()).id)).toEqual([]);
  });
});

describe("ownership", () => {
  it("gives another user 404 for get, update, publish and delete, and changes nothing", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const idea = await createDraft(owner.id, { title: "Mine", content: "<p>Mine only</p>" });
    const before = await rawIdea(idea.id);

    await expect(getIdea(intruder.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateIdea(intruder.id, idea.id, { title: "Stolen", content: "<p>overwritten</p>" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(publishIdea(intruder.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteIdea(intruder.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);

    expect(await rawIdea(idea.id)).toEqual(before);
    expect(await getIdea(owner.id, idea.id)).toMatchObject({ title: "Mine", status: "draft", content: "<p>Mine only</p>" });
  });

  it("gives 404 for an id that does not exist", async () => {
    const user = await createUser();
    await expect(getIdea(user.id, 999_999)).rejects.toMatchObject({ name: "NotFoundError", status: 404, message: "Idea not found" });
  });

  it("binds the ciphertext to its owner: content copied into another user's row does not decrypt", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const hers = await createDraft(alice.id, { content: "<p>Alice's plan</p>" });
    const his = await createDraft(bob.id, { content: "<p>Bob's plan</p>" });
    const { contentCiphertext } = await rawIdea(hers.id);
    await db.idea.update({ where: { id: his.id }, data: { contentCiphertext } });
    const read = getIdea(bob.id, his.id);
    await expect(read).rejects.toThrow(DecryptionError);
    await expect(read).rejects.toMatchObject({ reason: "unauthentic" });
  });
});

describe("published ideas", () => {
  it("refuses update (409) and leaves the idea unchanged", async () => {
    const user = await createUser();
    const idea = await createPublished(user.id, { title: "Final", content: "<p>Final words</p>" });
    const before = await rawIdea(idea.id);
    await expect(updateIdea(user.id, idea.id, { title: "Changed", content: "<p>changed</p>" })).rejects.toMatchObject({ status: 409, message: PUBLISHED_READ_ONLY });
    await expect(updateIdea(user.id, idea.id, { title: "Changed" })).rejects.toMatchObject({ status: 409 });
    expect(await rawIdea(idea.id)).toEqual(before);
  });

  it("refuses delete (409) and keeps the idea", async () => {
    const user = await createUser();
    const idea = await createPublished(user.id);
    await expect(deleteIdea(user.id, idea.id)).rejects.toMatchObject({ status: 409, message: PUBLISHED_NOT_DELETABLE });
    expect(await db.idea.count()).toBe(1);
  });

  it("publishing twice returns the same idea with an unchanged publishedAt and digest", async () => {
    const user = await createUser();
    const idea = await createDraft(user.id);
    const first = await publishIdea(user.id, idea.id);
    await new Promise((r) => setTimeout(r, 5));
    const second = await publishIdea(user.id, idea.id);
    expect(second).toEqual(first);
    expect(second.publishedAt?.getTime()).toBe(first.publishedAt?.getTime());
    expect(second.contentSha256).toBe(first.contentSha256);
  });
});

describe("sanitization on write", () => {
  it("removes script on create and on update", async () => {
    const user = await createUser();
    const idea = await createIdea(user.id, { title: "XSS", content: '<p>Hi<script>alert(1)</script><img src="/api/files/cm1abcdef0000" onerror="alert(2)"></p>' });
    const read = await getIdea(user.id, idea.id);
    expect(read.content).toBe('<p>Hi<img src="/api/files/cm1abcdef0000" /></p>');

    await updateIdea(user.id, idea.id, { title: "XSS", content: '<p>Bye</p><script>alert(3)</script><a href="javascript:alert(4)">x</a>' });
    const after = (await getIdea(user.id, idea.id)).content as string;
    expect(after).toBe('<p>Bye</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(after).not.toMatch(/script|onerror|javascript:/i);
  });
});

describe("encryption at rest", () => {
  it("stores no plaintext of the content in the database", async () => {
    const user = await createUser();
    const sentence = "The quick zebra patents a perpetual motion toaster";
    const idea = await createIdea(user.id, { title: "Innocent title", content: `<p>${sentence}</p>` });
    await updateIdea(user.id, idea.id, { title: "Innocent title", content: `<h2>${sentence}</h2>` });
    await createIdea(user.id, { title: "Second", content: `<p>${sentence} again</p>` });

    const rows = await db.$queryRaw<{ json: string; escaped: string; hex: string }[]>`
      SELECT row_to_json(i)::text AS json,
             encode(i."contentCiphertext", 'escape') AS escaped,
             encode(i."contentCiphertext", 'hex') AS hex
      FROM "Idea" i`;
    expect(rows).toHaveLength(2);
    const hexOfSentence = Buffer.from(sentence).toString("hex");
    const needles = [sentence, "zebra", hexOfSentence, Buffer.from("zebra").toString("hex")];
    for (const row of rows) {
      for (const value of [row.json, row.escaped, row.hex]) {
        for (const needle of needles) expect(value.toLowerCase()).not.toContain(needle.toLowerCase());
      }
    }
    // It really is the encrypted envelope, under the configured key id, and it still reads back.
    expect(rows[0].escaped.startsWith("IV1")).toBe(true);
    expect((await rawIdea(idea.id)).contentKeyId).toBe("test1");
    expect((await getIdea(user.id, idea.id)).content).toBe(`<h2>${sentence}</h2>`);
  });
});

describe("PDF ideas", () => {
  it("creates a PDF idea with its encrypted file", async () => {
    const user = await createUser();
    const idea = await createPdfDraft(user.id, "Whitepaper");
    const asset = await db.asset.findFirstOrThrow();
    expect(idea).toMatchObject({ kind: "pdf", status: "draft", title: "Whitepaper" });
    expect(idea.content).toEqual({ type: "pdf", fileName: "Whitepaper.pdf", pdfPath: `/api/files/${asset.id}` });
    expect(asset).toMatchObject({ ownerId: user.id, ideaId: idea.id, kind: "pdf", contentType: "application/pdf", size: MINIMAL_PDF.length, keyId: "test1" });
    expect((await rawIdea(idea.id)).pdfAssetId).toBe(asset.id);

    // The file, and its page list kept by the upload's check (a derived copy, deleted with it).
    expect(blobFiles().filter((f) => !f.startsWith(readerPagesFolder(asset.id)))).toEqual([asset.blobKey]);
    expect(blobFiles().filter((f) => f.startsWith(readerPagesFolder(asset.id))).map((f) => f.split("/").pop())).toEqual(["list"]);
    const onDisk = fs.readFileSync(blobPath(asset.blobKey));
    expect(onDisk.subarray(0, 5).toString("latin1")).not.toBe("%PDF-");
    expect(onDisk.includes(Buffer.from("/Type/Catalog"))).toBe(false);
  });

  it("updating a PDF idea changes only the title, even when content is sent", async () => {
    const user = await createUser();
    const idea = await createPdfDraft(user.id, "Deck");
    const before = await rawIdea(idea.id);

    const updated = await updateIdea(user.id, idea.id, { title: "Deck v2", content: "<p>replace me</p>" });
    expect(updated.title).toBe("Deck v2");
    expect(updated.kind).toBe("pdf");
    expect(updated.content).toEqual(idea.content);

    await updateIdea(user.id, idea.id, { title: "Deck v3", content: { elements: [] } });
    await updateIdea(user.id, idea.id, { title: "Deck v4", content: { type: "pdf", fileName: "other.pdf", pdfPath: "/api/files/other" } });
    const after = await rawIdea(idea.id);
    expect(after.title).toBe("Deck v4");
    expect(after.kind).toBe("pdf");
    expect(Buffer.from(after.contentCiphertext).equals(Buffer.from(before.contentCiphertext))).toBe(true);
    expect(after.pdfAssetId).toBe(before.pdfAssetId);
    expect((await getIdea(user.id, idea.id)).content).toEqual(idea.content);
  });

  it("publishing a PDF idea fixes the SHA-256 of the PDF bytes", async () => {
    const user = await createUser();
    const idea = await createPdfDraft(user.id);
    const published = await publishIdea(user.id, idea.id);
    expect(published.contentSha256).toBe(sha256Hex(MINIMAL_PDF));
  });

  it("deleting a PDF draft removes its asset row and its blob", async () => {
    const user = await createUser();
    const keep = await createPdfDraft(user.id, "Keep");
    const idea = await createPdfDraft(user.id, "Drop");
    const asset = await db.asset.findFirstOrThrow({ where: { ideaId: idea.id } });
    expect(fs.existsSync(blobPath(asset.blobKey))).toBe(true);
    const files = () => blobFiles().filter((f) => f.startsWith("u/"));
    expect(files()).toHaveLength(2);
    expect(blobFiles().filter((f) => f.startsWith(readerPagesFolder(asset.id)))).toHaveLength(1);

    await deleteIdea(user.id, idea.id);
    expect(await db.asset.findUnique({ where: { id: asset.id } })).toBeNull();
    expect(fs.existsSync(blobPath(asset.blobKey))).toBe(false);
    expect(files()).toHaveLength(1);
    expect(blobFiles().filter((f) => f.startsWith(readerPagesFolder(asset.id)))).toEqual([]);
    expect(await getIdea(user.id, keep.id)).toMatchObject({ title: "Keep" });
  });

  it("a failed createPdfIdea (unknown owner, FK violation) leaves no Asset row and no blob", async () => {
    await createUser();
    await expect(createPdfIdea("no-such-user", { title: "Orphan", fileName: "orphan.pdf", data: MINIMAL_PDF })).rejects.toMatchObject({ code: "P2003" });
    expect(await db.asset.count()).toBe(0);
    expect(await db.idea.count()).toBe(0);
    expect(blobFiles()).toEqual([]);
  });
});

describe("deleting a draft with editor images", () => {
  it("removes the images uploaded for it (rows and blobs) and nothing else", async () => {
    const user = await createUser();
    const idea = await createDraft(user.id);
    const other = await createDraft(user.id, { title: "Other" });
    const mine = await uploadEditorImage(user.id, { field: "file", fileName: "a.png", declaredType: "image/png", data: PNG }, idea.id);
    const theirs = await uploadEditorImage(user.id, { field: "file", fileName: "b.png", declaredType: "image/png", data: distinctPng("b") }, other.id);
    const loose = await uploadEditorImage(user.id, { field: "file", fileName: "c.png", declaredType: "image/png", data: distinctPng("c") }, null);
    expect(blobFiles()).toHaveLength(3);

    await deleteIdea(user.id, idea.id);
    expect((await db.asset.findMany({ select: { id: true } })).map((a) => a.id).sort()).toEqual([theirs.id, loose.id].sort());
    expect(await db.asset.findUnique({ where: { id: mine.id } })).toBeNull();
    expect(blobFiles()).toHaveLength(2);
  });
});

describe("ideas: the share screen's summary", () => {
  it("gives the owner the title and status only, and nobody else anything", async () => {
    const owner = await createUser();
    const other = await createUser();
    const idea = await createPublished(owner.id, { title: "Shared plan" });
    expect(await findIdeaSummary(owner.id, idea.id)).toEqual({ id: idea.id, title: "Shared plan", status: "published", kind: "html", version: 1 });
    expect(await findIdeaSummary(other.id, idea.id)).toBeNull();
    expect(await findIdeaSummary(owner.id, idea.id + 1000)).toBeNull();
  });
});
