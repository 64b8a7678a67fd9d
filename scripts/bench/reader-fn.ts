/**
 * Child of `npm run bench -- reader`: times lib/domain/reader at the library level against the bench server's database and
 * DATA_DIR (its environment): page list + first page with nothing kept, a kept page with its mark, and the WebP size
 * of a dense text page at 800 px. Arguments: the 10 MB sample PDF, the number of cold runs, the number of marked
 * requests. Prints JSON.
 */
import fs from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { db } from "@/lib/platform/db";
import { createPdfIdea } from "@/lib/domain/ideas";
import { markedReaderPage, readerPage, readerPageList } from "@/lib/domain/reader";
import { renderPoolStats, stopRenderPool, warmRenderPool } from "@/lib/domain/reader/pool";
import type { AssetMeta } from "@/lib/domain/files";

const mark = { name: "Łukasz Дмитрий", email: "lukasz@example.com", accessedAt: new Date() };

async function textPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([595.28, 841.89]);
  for (let l = 0; l < 60; l++) {
    page.drawText(`${l + 1}. The market for this product is large and growing; our plan addresses it in three stages, each funded.`, { x: 40, y: 800 - l * 12.5, size: 9.5, font });
  }
  return Buffer.from(await doc.save());
}

async function upload(ownerId: string, data: Buffer, title: string): Promise<AssetMeta> {
  const idea = await createPdfIdea(ownerId, { title, fileName: `${title}.pdf`, data });
  return db.asset.findFirstOrThrow({ where: { ideaId: idea.id, kind: "pdf" }, select: { id: true, blobKey: true, fileName: true, contentType: true, size: true } });
}

async function main() {
  const pdf = fs.readFileSync(process.argv[2]!);
  const coldRuns = Number(process.argv[3] ?? 3);
  const markedRuns = Number(process.argv[4] ?? 60);
  const owner = await db.user.create({ data: { name: "Bench Owner", email: `reader-${Date.now()}@example.com`, passwordHash: "x" } });

  // The render processes start with the server (instrumentation.ts); here, before the first upload.
  let t = performance.now();
  warmRenderPool();
  await upload(owner.id, await textPdf(), "Warm-up");
  const moduleLoadMs = performance.now() - t;

  // Each cold run is a new file: no page kept, not open in a render process (its page list was kept at upload).
  const cold: { listMs: number; firstPageMs: number; totalMs: number }[] = [];
  let lastAsset: AssetMeta | null = null;
  for (let i = 0; i < coldRuns; i++) {
    const asset = await upload(owner.id, pdf, `Deck ${i}`);
    t = performance.now();
    const list = await readerPageList(asset);
    const listMs = performance.now() - t;
    if (list.pageCount !== 120) throw new Error(`expected 120 pages, got ${list.pageCount}`);
    await markedReaderPage(asset, 1, 1200, mark);
    const totalMs = performance.now() - t;
    cold.push({ listMs, firstPageMs: totalMs - listMs, totalMs });
    lastAsset = asset;
  }

  // Kept pages with the mark drawn per request, over the first 10 pages of the last file.
  for (let n = 1; n <= 10; n++) await readerPage(lastAsset!, n, 1200);
  const marked: number[] = [];
  let markedBytes = 0;
  for (let i = 0; i < markedRuns; i++) {
    t = performance.now();
    markedBytes = (await markedReaderPage(lastAsset!, (i % 10) + 1, 1200, { ...mark, name: `Recipient ${i}` })).length;
    marked.push(performance.now() - t);
  }

  const text = await upload(owner.id, await textPdf(), "Text");
  const textPage = await readerPage(text, 1, 800);
  const textMarked = await markedReaderPage(text, 1, 800, mark);
  console.log(JSON.stringify({ moduleLoadMs, cold, marked, markedBytes, textPageBytes: textPage.length, textMarkedBytes: textMarked.length, pool: renderPoolStats() }));
  stopRenderPool();
  await db.$disconnect();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
