import "server-only";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { NotFoundError } from "@/lib/api/errors";
import { blobStore } from "@/lib/storage";
import { getEncryptedBlob, markedCopiesFolder, putEncryptedBlob, readAssetBytes, type AssetMeta } from "@/lib/files";
import type { Watermark } from "@/lib/files/watermark-text";
import { openPdf } from "@/lib/reader/pdfjs";
import { clampPageWidth, documentPageList, drawDocumentPage, type PageList } from "@/lib/reader/render";
import { encodeWebp } from "@/lib/reader/webp";
import { markPageImage } from "@/lib/reader/mark";

/**
 * Page images of a stored PDF, made once and kept. Three layers, cheapest first:
 * - the blob store: each unmarked page per (file, page, width bucket) and the page list, encrypted like every file,
 *   in the file's folder of derived copies (lib/files markedCopiesFolder) so deleteAssetBlobs removes them with it.
 *   They are a cache: no row points at them and they never count against the owner's quota;
 * - in this process: the open pdf.js documents of the last few files (parsing a 10 MB PDF takes longer than drawing
 *   a page), and the renderings under way, which concurrent requests for the same page share;
 * - the recipient's mark is drawn on each request onto the kept unmarked page (lib/reader/mark.ts): only the owner
 *   ever receives the unmarked image.
 */

/** Part of every cache key: raise it when pages are drawn or encoded differently, and kept pages are made again. */
const RENDER_VERSION = 1;

/**
 * Widths a page is drawn at: a requested width (clamped to 320–2000) is served at the next one up, so a handful of
 * images per page covers every screen (a srcset should offer these).
 */
export const PAGE_WIDTH_BUCKETS = [320, 480, 640, 800, 1000, 1200, 1600, 2000] as const;

export function pageWidthBucket(width?: number | null): number {
  const w = clampPageWidth(width);
  return PAGE_WIDTH_BUCKETS.find((b) => b >= w) ?? PAGE_WIDTH_BUCKETS[PAGE_WIDTH_BUCKETS.length - 1];
}

/** The folder of a file's kept page images and page list, inside its folder of derived copies. */
export function readerPagesFolder(assetId: string) {
  return `${markedCopiesFolder(assetId)}pages/`;
}

/** The blob key names the stored bytes (digest of the file's key), so a replaced file never reads old pages. */
function cacheFolder(asset: AssetMeta) {
  return `${readerPagesFolder(asset.id)}v${RENDER_VERSION}-${sha256Hex(`reader:${asset.blobKey}`).slice(0, 24)}/`;
}
const listKey = (asset: AssetMeta) => `${cacheFolder(asset)}list`;
const pageKey = (asset: AssetMeta, n: number, bucket: number) => `${cacheFolder(asset)}p${n}-w${bucket}`;

/** A kept blob, or null. One that cannot be read (a key rotated away, a torn write) is made again. */
async function cached(key: string): Promise<Buffer | null> {
  try {
    return await getEncryptedBlob(key);
  } catch {
    return null;
  }
}

async function keep(asset: AssetMeta, key: string, data: Buffer) {
  try {
    await putEncryptedBlob(key, data);
    // Deleted meanwhile: its copies go too, this one included (deleteAssetBlobs ran before it was written).
    if (!(await db.asset.findUnique({ where: { id: asset.id }, select: { id: true } }))) await blobStore().deletePrefix(markedCopiesFolder(asset.id));
  } catch (err) {
    console.error(`[reader] could not keep ${key}`, err); // served all the same, made again next time
  }
}

/** Work under way in this process, by cache key: concurrent requests for the same page wait for one rendering. */
const pending = new Map<string, Promise<Buffer>>();

function shared(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let promise = pending.get(key);
  if (!promise) {
    promise = make().finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** How many parsed documents this process keeps (a 10 MB PDF holds its bytes plus pdf.js's objects). */
export const MAX_OPEN_DOCUMENTS = 3;

type OpenDocument = { document: Promise<PDFDocumentProxy>; users: number; evicted: boolean };
/** Least recently used first (a Map keeps insertion order; a use moves the entry to the end). */
const documents = new Map<string, OpenDocument>();

function close(entry: OpenDocument) {
  entry.document.then((d) => d.destroy()).catch(() => undefined);
}

/** Runs `work` on the file's parsed document, opening it if needed; a document in use is closed only after it. */
async function withDocument<T>(asset: AssetMeta, work: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const id = `${asset.id}:${asset.blobKey}`;
  let entry = documents.get(id);
  if (entry) documents.delete(id);
  else {
    const opened: OpenDocument = { document: readAssetBytes(asset).then(openPdf), users: 0, evicted: false };
    opened.document.catch(() => documents.get(id) === opened && documents.delete(id));
    entry = opened;
  }
  documents.set(id, entry);
  for (const [oldId, old] of documents) {
    if (documents.size <= MAX_OPEN_DOCUMENTS) break;
    documents.delete(oldId);
    old.evicted = true;
    if (old.users === 0) close(old);
  }
  entry.users++;
  try {
    return await work(await entry.document);
  } finally {
    entry.users--;
    if (entry.evicted && entry.users === 0) close(entry);
  }
}

/** How many parsed documents this process holds (never more than MAX_OPEN_DOCUMENTS). */
export function openDocumentCount() {
  return documents.size;
}

/** The page list of a stored PDF (see pdfPageList), parsed once and then read back. */
export async function readerPageList(asset: AssetMeta): Promise<PageList> {
  const key = listKey(asset);
  const stored = pending.has(key) ? null : await cached(key);
  const json = stored ?? (await shared(key, async () => {
    const data = Buffer.from(JSON.stringify(await withDocument(asset, documentPageList)));
    await keep(asset, key, data);
    return data;
  }));
  return JSON.parse(json.toString("utf8")) as PageList;
}

function assertPageNumber(n: number) {
  if (!Number.isInteger(n) || n < 1) throw new NotFoundError("Page not found");
}

/**
 * Page `n` (from 1) of a stored PDF as WebP, UNMARKED: the owner's preview, and the base every recipient's image is
 * marked from. `width` is clamped (320–2000, default 1200) and rounded up to a width bucket; the image is that
 * bucket's width. A page past the end → NotFoundError (404).
 */
export async function readerPage(asset: AssetMeta, n: number, width?: number | null): Promise<Buffer> {
  assertPageNumber(n);
  const bucket = pageWidthBucket(width);
  const key = pageKey(asset, n, bucket);
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const stored = await cached(key);
  if (stored) return stored;
  const { pageCount } = await readerPageList(asset);
  if (n > pageCount) throw new NotFoundError("Page not found");
  return shared(key, async () => {
    const image = await withDocument(asset, async (doc) => encodeWebp(await drawDocumentPage(doc, n, bucket)));
    await keep(asset, key, image);
    return image;
  });
}

/** Page `n` as a recipient receives it: the kept unmarked page with their identity burned in (lib/reader/mark.ts). */
export async function markedReaderPage(asset: AssetMeta, n: number, width: number | null | undefined, mark: Watermark): Promise<Buffer> {
  return markPageImage(await readerPage(asset, n, width), mark);
}
