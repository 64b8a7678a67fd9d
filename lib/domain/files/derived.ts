import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { blobStore } from "@/lib/platform/storage";
import { getEncryptedBlob, markedCopiesFolder, putEncryptedBlob } from "@/lib/domain/files";

/**
 * Copies the server derives from a stored file (page images, page lists, recipients' marked PDFs, refusal markers)
 * are a cache in the blob store, under the file's folder of derived copies. Each has a DerivedCopy row, so they are
 * counted per account: past DERIVED_QUOTA_MB (default four times STORAGE_QUOTA_MB) the least recently used go, and
 * copies with an expiry (marked PDFs, kept while a download is likely) go when it passes. Nothing here ever refuses a
 * request: a copy that is gone is made again.
 */

const MB = 1024 * 1024;
/** The database's clock in UTC: the columns hold UTC without a zone, as Prisma writes them. */
const UTC_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
/** A use is written at most this often per copy: a reader's every page view must not be a write. */
const TOUCH_EVERY_MS = 10 * 60_000;

export function derivedQuotaBytes() {
  const env = getEnv();
  return (env.DERIVED_QUOTA_MB ?? 4 * env.STORAGE_QUOTA_MB) * MB;
}

/** A kept copy, or null. One that cannot be read (a key rotated away, a torn write) is made again. */
export async function readDerived(key: string): Promise<Buffer | null> {
  let data: Buffer | null;
  try {
    data = await getEncryptedBlob(key);
  } catch {
    return null;
  }
  if (data) void touchDerived(key);
  return data;
}

/** When this process last recorded a use, by key: a page read again within the interval costs no statement. */
const touched = new Map<string, number>();
const MAX_TOUCHED = 10_000;

async function touchDerived(key: string) {
  const now = Date.now();
  if (now - (touched.get(key) ?? 0) < TOUCH_EVERY_MS) return;
  if (touched.size >= MAX_TOUCHED) touched.clear();
  touched.set(key, now);
  try {
    await db.$executeRaw`
      UPDATE "DerivedCopy" SET "lastUsedAt" = ${UTC_NOW}
      WHERE "key" = ${key} AND "lastUsedAt" < ${UTC_NOW} - make_interval(secs => ${TOUCH_EVERY_MS / 1000})`;
  } catch (err) {
    console.error(`[derived] could not record the use of ${key}`, err);
  }
}

/**
 * Stores a derived copy of `assetId` and counts it against its owner's cap, evicting that owner's least recently
 * used copies past it. A copy of a file deleted meanwhile is removed again with the file's other copies. Failures are
 * logged, never thrown: the caller serves what it made all the same.
 */
export async function keepDerived(assetId: string, key: string, data: Buffer, opts: { ttlMs?: number } = {}) {
  try {
    await putEncryptedBlob(key, data);
    const expiresAt = opts.ttlMs ? Prisma.sql`${UTC_NOW} + make_interval(secs => ${opts.ttlMs / 1000})` : Prisma.sql`NULL`;
    const rows = await db.$queryRaw<{ ownerId: string }[]>`
      INSERT INTO "DerivedCopy" ("key", "assetId", "ownerId", "size", "lastUsedAt", "expiresAt")
      SELECT ${key}, a."id", a."ownerId", ${data.length}, ${UTC_NOW}, ${expiresAt}
      FROM "Asset" a WHERE a."id" = ${assetId}
      ON CONFLICT ("key") DO UPDATE SET "size" = EXCLUDED."size", "lastUsedAt" = EXCLUDED."lastUsedAt", "expiresAt" = EXCLUDED."expiresAt"
      RETURNING "ownerId"`;
    if (!rows.length) {
      // The file was deleted while this copy was made: deleteAssetBlobs ran before it was written.
      await blobStore().deletePrefix(markedCopiesFolder(assetId));
      return;
    }
    await evictOverQuota(rows[0]!.ownerId, key);
  } catch (err) {
    console.error(`[derived] could not keep ${key}`, err);
  }
}

/** Removes copies (their blobs first, then their rows); a blob that cannot be deleted keeps its row for next time. */
async function removeDerived(keys: string[]) {
  if (!keys.length) return;
  const store = blobStore();
  const removed: string[] = [];
  await Promise.all(
    keys.map(async (k) => {
      try {
        await store.delete(k);
        removed.push(k);
      } catch (err) {
        console.error(`[derived] could not delete ${k}`, err);
      }
    }),
  );
  await db.derivedCopy.deleteMany({ where: { key: { in: removed } } });
}

/** The owner's copies beyond the cap, least recently used first; `keep` (the copy just made) goes last of all. */
async function evictOverQuota(ownerId: string, keep: string) {
  const cap = derivedQuotaBytes();
  const over = await db.$queryRaw<{ key: string }[]>`
    SELECT "key" FROM (
      SELECT "key", SUM("size") OVER (ORDER BY ("key" = ${keep}) DESC, "lastUsedAt" DESC, "key") AS "runningBytes"
      FROM "DerivedCopy" WHERE "ownerId" = ${ownerId}
    ) c WHERE c."runningBytes" > ${cap}`;
  await removeDerived(over.map((r) => r.key));
}

/** Bytes of derived copies an account holds. */
export async function derivedUsage(ownerId: string): Promise<number> {
  const agg = await db.derivedCopy.aggregate({ where: { ownerId }, _sum: { size: true } });
  return agg._sum.size ?? 0;
}

/** Removes copies whose time has passed (marked PDFs a day after they were made); returns how many went. */
export async function pruneExpiredDerived(now = new Date(), batch = 500): Promise<number> {
  const rows = await db.derivedCopy.findMany({ where: { expiresAt: { lte: now } }, select: { key: true }, take: batch });
  await removeDerived(rows.map((r) => r.key));
  return rows.length;
}

/** Removes every derived copy under a folder (a recipient's earlier marked copies) with their rows. */
export async function removeDerivedFolder(folder: string) {
  await blobStore().deletePrefix(folder);
  await db.derivedCopy.deleteMany({ where: { key: { startsWith: folder } } });
}
