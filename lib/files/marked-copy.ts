import "server-only";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { blobStore } from "@/lib/storage";
import { getEncryptedBlob, markedCopiesFolder, putEncryptedBlob, readAssetBytes, type AssetMeta } from "@/lib/files";
import { watermarkFooter, watermarkPdf, watermarkText, type Watermark } from "@/lib/files/watermark";

/**
 * A recipient's marked copy of a PDF is a full rewrite of the file (lib/files/watermark.ts), a few hundred
 * milliseconds for a 10 MB PDF: it is made once per (file, recipient, mark text) and kept, encrypted like every file,
 * under the file's folder of marked copies (lib/files markedCopiesFolder), so reloads and downloads read it back.
 * A recipient's new view (a new access time, a new mark) replaces their previous copy; deleting the file deletes
 * them all.
 */

/** Part of every cache key: raise it when watermarkPdf draws differently, and copies made before are made again. */
const MARK_VERSION = 2;

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
  return { recipientFolder, key: `${recipientFolder}${mark.slice(0, 40)}` };
}

/** The stored copy, or null. One that cannot be read (a key rotated away, a torn write) is made again. */
async function cached(key: string): Promise<Buffer | null> {
  try {
    return await getEncryptedBlob(key);
  } catch {
    return null;
  }
}

async function render(asset: MarkedAsset, { key, recipientFolder }: ReturnType<typeof cacheKeys>): Promise<Buffer> {
  const data = Buffer.from(await watermarkPdf(await readAssetBytes(asset), asset.watermark));
  try {
    await blobStore().deletePrefix(recipientFolder); // this recipient's copies of earlier views
    await putEncryptedBlob(key, data);
    // Deleted meanwhile: its copies go too, this one included (deleteAssetBlobs ran before it was written).
    if (!(await db.asset.findUnique({ where: { id: asset.id }, select: { id: true } }))) await blobStore().deletePrefix(markedCopiesFolder(asset.id));
  } catch (err) {
    console.error(`[files] could not keep the marked copy of ${asset.id}`, err); // served all the same, made again next time
  }
  return data;
}

/** The recipient's marked copy of a PDF, made on first use and then read back. */
export async function markedPdf(asset: MarkedAsset): Promise<Buffer> {
  const keys = cacheKeys(asset);
  const pending = rendering.get(keys.key);
  if (pending) return pending;
  const stored = await cached(keys.key);
  if (stored) return stored;
  let made = rendering.get(keys.key);
  if (!made) {
    made = render(asset, keys).finally(() => rendering.delete(keys.key));
    rendering.set(keys.key, made);
  }
  return made;
}
