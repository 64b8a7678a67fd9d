import "server-only";
import { sha256Hex } from "@/lib/platform/crypto";
import { HttpError } from "@/lib/platform/http/errors";
import { markedCopiesFolder, readAssetBytes, type AssetMeta } from "@/lib/domain/files";
import { keepDerived, readDerived, removeDerivedFolder } from "@/lib/domain/files/derived";
import { watermarkFooter, watermarkText, type Watermark } from "@/lib/domain/files/watermark-text";
import { markPdfInPool, RenderBudgetError } from "@/lib/domain/reader/pool";

/**
 * A recipient's marked copy of a PDF is a full rewrite of the file (lib/domain/files/watermark.ts), a few hundred
 * milliseconds for a 10 MB PDF, made in the render pool (lib/domain/reader/pool.ts) so a hostile file cannot stall the
 * server. It is made once per (file, recipient, mark text) and kept, encrypted like every file, under the file's
 * folder of derived copies, for a day (while a reload or download is likely; lib/domain/files/derived.ts counts it against
 * the owner's derived-copy cap). A recipient's new view (a new access time, a new mark) replaces their previous
 * copy; deleting the file deletes them all. A file whose rewrite passes the pool's budget is kept as refused.
 */

/** Part of every cache key: raise it when watermarkPdf draws differently, and copies made before are made again. */
const MARK_VERSION = 2;
const KEEP_MS = 24 * 3600_000;
const TOO_COMPLEX = "This file is too complex to prepare for download";

/** Copies being made in this process, by key: concurrent first downloads wait for one rendering. */
const rendering = new Map<string, Promise<Buffer>>();

type MarkedAsset = AssetMeta & { watermark: Watermark };

/**
 * Blob keys: the file's folder, then one folder per recipient, then the mark. The names are digests: they carry
 * neither the recipient's identity nor the mark, and the recipient's id (random, only in the database) keeps them
 * from being matched against guessed names.
 */
function cacheKeys(asset: MarkedAsset) {
  const recipientFolder = `${markedCopiesFolder(asset.id)}${sha256Hex(`recipient:${asset.recipientId ?? ""}`).slice(0, 32)}/`;
  const mark = sha256Hex(JSON.stringify([MARK_VERSION, asset.blobKey, asset.recipientId ?? "", watermarkText(asset.watermark), watermarkFooter(asset.watermark)]));
  const refused = `${markedCopiesFolder(asset.id)}refused-mark-${sha256Hex(`${MARK_VERSION}:${asset.blobKey}`).slice(0, 24)}`;
  return { recipientFolder, key: `${recipientFolder}${mark.slice(0, 40)}`, refused };
}

async function render(asset: MarkedAsset, { key, recipientFolder, refused }: ReturnType<typeof cacheKeys>): Promise<Buffer> {
  let data: Buffer;
  try {
    data = Buffer.from(await markPdfInPool(await readAssetBytes(asset), asset.watermark));
  } catch (err) {
    if (err instanceof RenderBudgetError || (err instanceof HttpError && err.status === 422)) {
      await keepDerived(asset.id, refused, Buffer.from(TOO_COMPLEX), { ttlMs: 6 * 3600_000 }); // retried after a while
      throw new HttpError(422, TOO_COMPLEX);
    }
    throw err;
  }
  try {
    await removeDerivedFolder(recipientFolder); // this recipient's copies of earlier views
  } catch (err) {
    console.error(`[files] could not remove earlier marked copies of ${asset.id}`, err);
  }
  await keepDerived(asset.id, key, data, { ttlMs: KEEP_MS });
  return data;
}

/** The recipient's marked copy of a PDF, made on first use and then read back. */
export async function markedPdf(asset: MarkedAsset): Promise<Buffer> {
  const keys = cacheKeys(asset);
  const pending = rendering.get(keys.key);
  if (pending) return pending;
  const stored = await readDerived(keys.key);
  if (stored) return stored;
  if (await readDerived(keys.refused)) throw new HttpError(422, TOO_COMPLEX);
  let made = rendering.get(keys.key);
  if (!made) {
    made = render(asset, keys).finally(() => rendering.delete(keys.key));
    rendering.set(keys.key, made);
  }
  return made;
}
