import "server-only";
import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { HttpError, NotFoundError } from "@/lib/platform/http/errors";
import { markedCopiesFolder, readAssetBytes, type AssetMeta } from "@/lib/domain/files";
import { keepDerived, readDerived } from "@/lib/domain/files/derived";
import type { Watermark } from "@/lib/domain/files/watermark-text";
import { listPagesInPool, RenderBudgetError, RenderFailedError, renderPageInPool } from "@/lib/domain/reader/pool";
import { clampPageWidth, type PageList } from "@/lib/domain/reader/render";
import { markPageImage } from "@/lib/domain/reader/mark";

/**
 * Page images of a stored PDF, made once and kept. Cheapest first:
 * - the blob store: each unmarked page per (file, page, width bucket) and the page list, encrypted like every file,
 *   in the file's folder of derived copies (lib/domain/files markedCopiesFolder), so deleteAssetBlobs removes them with it.
 *   They are a cache counted against the owner's DERIVED_QUOTA_MB (lib/domain/files/derived.ts), least recently used first
 *   out. Publishing a PDF draws its first widths ahead of time (lib/domain/reader/prerender.ts);
 * - the renderings under way in this process, which concurrent requests for the same page share;
 * - the render pool (lib/domain/reader/pool.ts): pdf.js runs in child processes with a CPU-time and memory budget. A page
 *   that passes it is kept as refused (a small marker), so it answers 422 at once instead of being drawn again on
 *   every request;
 * - the recipient's mark is drawn on each request onto the kept unmarked page (lib/domain/reader/mark.ts): only the owner
 *   ever receives the unmarked image.
 */

/** Part of every cache key: raise it when pages are drawn or encoded differently, and kept pages are made again. */
const RENDER_VERSION = 2;

/**
 * Widths a page is drawn at: a requested width (clamped to 320–2000) is served at the next one up, so a handful of
 * images per page covers every screen (a srcset should offer these).
 */
export const PAGE_WIDTH_BUCKETS = [320, 800, 1200, 2000] as const;

/** The widths drawn ahead of time: the thumbnail rail's and the two a reader's first screen asks for. */
export const PRERENDER_WIDTHS = [320, 800, 1200] as const;

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

const refusedKey = (asset: AssetMeta, n: number | "list") => `${cacheFolder(asset)}refused-${n === "list" ? "list" : `p${n}`}`;

/**
 * Work under way in this process, by cache key and priority: concurrent requests for the same page wait for one
 * rendering. A reader never joins a background rendering (it may wait behind every reader's page in the pool).
 */
const pending = new Map<string, Promise<Buffer>>();

function shared(key: string, priority: Priority, make: () => Promise<Buffer>): Promise<Buffer> {
  const id = `${priority}:${key}`;
  let promise = pending.get(id);
  if (!promise) {
    promise = make().finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
}

type Priority = "interactive" | "background";
/**
 * A refusal is kept for a while, not for ever: long enough that a hostile page is not drawn again on every request,
 * short enough that a page refused by a bad moment (a machine out of memory) is tried again.
 */
const REFUSED_KEEP_MS = 6 * 3600_000;

/** Everything about a file the render pool needs: its bytes on demand, once per process, and what names it there. */
function poolSource(asset: AssetMeta, priority: Priority) {
  return { docKey: `${asset.id}:${asset.blobKey}`, bytes: () => readAssetBytes(asset), priority };
}

/**
 * Makes a page or list through the pool. A job that passes its budget, or that pdf.js cannot do at all, leaves a
 * marker: the next request answers the same 422 without drawing again.
 */
async function throughPool(asset: AssetMeta, marker: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const refused = await readDerived(marker);
  if (refused) throw new RenderFailedError(refused.toString("utf8"));
  try {
    return await make();
  } catch (err) {
    if (err instanceof RenderBudgetError || (err instanceof HttpError && err.status === 422)) {
      await keepDerived(asset.id, marker, Buffer.from(err.message, "utf8"), { ttlMs: REFUSED_KEEP_MS });
    }
    throw err;
  }
}

/** The page list of a stored PDF (see pdfPageList), parsed once and then read back. */
export async function readerPageList(asset: AssetMeta, priority: Priority = "interactive"): Promise<PageList> {
  const key = listKey(asset);
  const stored = pending.has(`${priority}:${key}`) ? null : await readDerived(key);
  const json = stored ?? (await shared(key, priority, () => throughPool(asset, refusedKey(asset, "list"), async () => {
    const data = Buffer.from(JSON.stringify(await listPagesInPool(poolSource(asset, priority))));
    await keepDerived(asset.id, key, data);
    return data;
  })));
  return JSON.parse(json.toString("utf8")) as PageList;
}

/** Keeps a page list made elsewhere (the upload's inspection), so the reader's first call reads it back. */
export async function keepReaderPageList(asset: AssetMeta, list: PageList) {
  await keepDerived(asset.id, listKey(asset), Buffer.from(JSON.stringify(list)));
}

function assertPageNumber(n: number) {
  if (!Number.isInteger(n) || n < 1) throw new NotFoundError("Page not found");
}

/**
 * Page `n` (from 1) of a stored PDF as WebP, UNMARKED: the owner's preview, and the base every recipient's image is
 * marked from. `width` is clamped (320–2000, default 1200) and rounded up to a width bucket; the image is that
 * bucket's width. A page past the end → NotFoundError (404); a page too costly to draw → 422.
 */
export async function readerPage(asset: AssetMeta, n: number, width?: number | null, priority: Priority = "interactive"): Promise<Buffer> {
  assertPageNumber(n);
  const bucket = pageWidthBucket(width);
  const key = pageKey(asset, n, bucket);
  const inFlight = pending.get(`${priority}:${key}`);
  if (inFlight) return inFlight;
  const stored = await readDerived(key);
  if (stored) return stored;
  const { pageCount } = await readerPageList(asset, priority);
  if (n > pageCount) throw new NotFoundError("Page not found");
  return shared(key, priority, () => throughPool(asset, refusedKey(asset, n), async () => {
    const image = await renderPageInPool(poolSource(asset, priority), n, bucket);
    await keepDerived(asset.id, key, image);
    return image;
  }));
}

/** Whether page `n` at `width` is kept already (the pre-rendering job skips it). */
export async function isPageKept(asset: AssetMeta, n: number, width: number) {
  return (await readDerived(pageKey(asset, n, pageWidthBucket(width)))) !== null || (await readDerived(refusedKey(asset, n))) !== null;
}

/**
 * Page `n` as a recipient receives it: the kept unmarked page with their identity burned in (lib/domain/reader/mark.ts)
 * and, given the view's `code`, that view's invisible code (page-code.ts). Both are drawn on every request onto the
 * kept unmarked page, so no cached image ever carries another view's code.
 */
export async function markedReaderPage(asset: AssetMeta, n: number, width: number | null | undefined, mark: Watermark, code?: Int8Array): Promise<Buffer> {
  return markPageImage(await readerPage(asset, n, width), mark, code);
}

/**
 * Draws page `n` at the pre-rendering widths that are not kept yet, in the background (a reader's pages go first in
 * the pool). A page refused as too complex is kept as refused and not tried again. Returns how many images it made.
 */
export async function prerenderPage(asset: AssetMeta, n: number): Promise<number> {
  const keys = PRERENDER_WIDTHS.map((w) => pageKey(asset, n, w));
  const kept = await db.derivedCopy.findMany({ where: { key: { in: [...keys, refusedKey(asset, n)] } }, select: { key: true } });
  const have = new Set(kept.map((k) => k.key));
  if (have.has(refusedKey(asset, n))) return 0;
  let made = 0;
  for (const width of PRERENDER_WIDTHS) {
    if (have.has(pageKey(asset, n, width))) continue;
    try {
      await readerPage(asset, n, width, "background");
      made++;
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) return made; // kept as refused by readerPage
      throw err;
    }
  }
  return made;
}
