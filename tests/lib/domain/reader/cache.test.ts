import { db } from "@/lib/platform/db";
import { deleteAssetBlobs, getEncryptedBlob, putEncryptedBlob, type AssetMeta } from "@/lib/domain/files";
import { blobStore } from "@/lib/platform/storage";
import { createPdfIdea, deleteIdea } from "@/lib/domain/ideas";
import { markedReaderPage, pageWidthBucket, readerPage, readerPageList, readerPagesFolder } from "@/lib/domain/reader";
import * as pool from "@/lib/domain/reader/pool";
import { createUser } from "../../../factories";
import { blobFiles, blobPath } from "../../../db-utils";
import { darkness, decode, isWebp, mixedPdf } from "./sample";
import fs from "node:fs";

const mark = (name: string) => ({ name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com`, accessedAt: new Date("2026-11-23T10:15:00Z") });

async function storedPdf(data?: Buffer) {
  const owner = await createUser();
  const idea = await createPdfIdea(owner.id, { title: "Deck", fileName: "deck.pdf", data: data ?? (await mixedPdf()) });
  const asset: AssetMeta = await db.asset.findFirstOrThrow({ where: { ownerId: owner.id, kind: "pdf" }, select: { id: true, blobKey: true, fileName: true, contentType: true, size: true } });
  return { owner, idea, asset };
}

const pageBlobs = (assetId: string) => blobFiles().filter((f) => f.startsWith(readerPagesFolder(assetId)));

describe("reader page cache", () => {
  it("keeps each page per width bucket, encrypted, and reads it back without drawing it again", async () => {
    const { asset } = await storedPdf();
    // The upload's inspection kept the page list already.
    expect(pageBlobs(asset.id).map((k) => k.replace(/^.*\//, ""))).toEqual(["list"]);
    expect(await readerPageList(asset)).toMatchObject({ pageCount: 3, pages: [{ n: 1 }, { n: 2, width: 792, height: 612 }, { n: 3 }] });
    const first = await readerPage(asset, 1, 700);
    expect(isWebp(first)).toBe(true);
    expect((await decode(first)).width).toBe(pageWidthBucket(700)); // 800
    const kept = pageBlobs(asset.id);
    expect(kept.map((k) => k.replace(/^.*\//, "")).sort()).toEqual(["list", "p1-w800"]);
    // Encrypted at rest: the stored bytes are not the WebP.
    const pageKey = kept.find((k) => k.endsWith("p1-w800"))!;
    expect(fs.readFileSync(blobPath(pageKey)).includes(Buffer.from("WEBP"))).toBe(false);
    expect((await getEncryptedBlob(pageKey))!.equals(first)).toBe(true);

    // Same bucket: the kept bytes come back (a marker planted in the store proves nothing was drawn).
    expect((await readerPage(asset, 1, 800)).equals(first)).toBe(true);
    const planted = Buffer.from("RIFF----WEBP planted");
    await putEncryptedBlob(pageKey, planted);
    expect((await readerPage(asset, 1, 760)).equals(planted)).toBe(true);
    // Another bucket is another image.
    expect((await decode(await readerPage(asset, 1, 1100))).width).toBe(1200);
    expect(pageBlobs(asset.id)).toHaveLength(3);
  });

  it("the page list is read back from the store, not parsed again", async () => {
    const { asset } = await storedPdf();
    await readerPageList(asset);
    const listKey = pageBlobs(asset.id).find((k) => k.endsWith("/list"))!;
    await putEncryptedBlob(listKey, Buffer.from(JSON.stringify({ pageCount: 1, pages: [{ n: 1, width: 1, height: 1 }] })));
    expect(await readerPageList(asset)).toEqual({ pageCount: 1, pages: [{ n: 1, width: 1, height: 1 }] });
  });

  it("answers 404 past the end, before drawing anything", async () => {
    const { asset } = await storedPdf();
    for (const n of [0, 4, 1.5, -2]) await expect(readerPage(asset, n, 800)).rejects.toMatchObject({ status: 404 });
    expect(pageBlobs(asset.id).every((k) => k.endsWith("/list"))).toBe(true);
  });

  it("concurrent requests for one page share a single rendering", async () => {
    const { asset } = await storedPdf();
    const put = jest.spyOn(blobStore().constructor.prototype, "put");
    try {
      const images = await Promise.all(Array.from({ length: 5 }, () => readerPage(asset, 2, 640)));
      expect(images.every((i) => i.equals(images[0]!))).toBe(true);
      const pagePuts = put.mock.calls.filter(([key]) => String(key).endsWith("p2-w800"));
      expect(pagePuts).toHaveLength(1);
    } finally {
      put.mockRestore();
    }
  });

  it("each recipient's image carries their mark; the owner's page is unmarked", async () => {
    const { asset } = await storedPdf();
    const owner = await readerPage(asset, 3, 800);
    const ada = await markedReaderPage(asset, 3, 800, mark("Ada Lovelace"));
    const grace = await markedReaderPage(asset, 3, 800, mark("Grace Hopper"));
    expect(ada.equals(grace) || ada.equals(owner) || grace.equals(owner)).toBe(false);
    const [plain, marked] = [await decode(owner), await decode(ada)];
    const footer = [Math.floor(plain.height * 0.95), plain.height] as const;
    expect(darkness(marked, ...footer)).toBeGreaterThan(darkness(plain, ...footer) + plain.width * 10);
    // The mark is drawn per request, never kept: only the unmarked page is in the store.
    expect(pageBlobs(asset.id).map((k) => k.replace(/^.*\//, "")).sort()).toEqual(["list", "p3-w800"]);
  });

  it("kept pages go with the file", async () => {
    const { owner, idea, asset } = await storedPdf();
    await readerPage(asset, 1, 320);
    await readerPage(asset, 2, 320);
    expect(pageBlobs(asset.id)).toHaveLength(3);
    await deleteIdea(owner.id, idea.id);
    expect(pageBlobs(asset.id)).toEqual([]);
    expect(blobFiles()).toEqual([]);

    const other = await storedPdf();
    await readerPage(other.asset, 1, 320);
    await deleteAssetBlobs([other.asset]);
    expect(pageBlobs(other.asset.id)).toEqual([]);
  });

  it("draws pages in the render pool, which keeps a document's bytes between pages", async () => {
    const assets = [];
    for (let i = 0; i < 3; i++) assets.push((await storedPdf()).asset);
    const before = pool.renderPoolStats().sent;
    await Promise.all(assets.map((a) => readerPage(a, 3, 320)));
    const after = pool.renderPoolStats();
    expect(after.sent.page - before.page).toBe(3);
    expect(after.sent.withBytes - before.withBytes).toBe(3);
    expect(after.workers).toBeGreaterThan(0);
    // Another page of a file a process has open: drawn without sending the file again (one process here).
    expect(isWebp(await readerPage(assets[2]!, 1, 320))).toBe(true);
    expect(isWebp(await readerPage(assets[2]!, 2, 320))).toBe(true);
    const last = pool.renderPoolStats().sent;
    expect(last.page - after.sent.page).toBe(2);
    expect(last.withBytes - after.sent.withBytes).toBe(0);
  });

  it("a damaged stored PDF is a clear 422, kept as refused so it is not drawn again", async () => {
    const { asset } = await storedPdf();
    // The upload checks let only real PDFs in, so damage the stored bytes afterwards (a new key: no process has them).
    const damaged = { ...asset, blobKey: `${asset.blobKey}-damaged` };
    await db.asset.update({ where: { id: asset.id }, data: { blobKey: damaged.blobKey } });
    await putEncryptedBlob(damaged.blobKey, Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 0x20)]));
    await expect(readerPageList(damaged)).rejects.toMatchObject({ status: 422 });
    await expect(readerPage(damaged, 1, 800)).rejects.toMatchObject({ status: 422 });
    const kept = pageBlobs(asset.id).map((k) => k.replace(/^.*\//, ""));
    expect(kept.filter((k) => /^p\d+-w/.test(k))).toEqual([]);
    expect(kept).toContain("refused-list");
    const before = pool.renderPoolStats().sent;
    await expect(readerPage(damaged, 1, 800)).rejects.toMatchObject({ status: 422 });
    await expect(readerPageList(damaged)).rejects.toMatchObject({ status: 422 });
    expect(pool.renderPoolStats().sent).toEqual(before);
  });
});
