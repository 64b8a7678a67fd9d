import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/platform/db";
import { blobStore } from "@/lib/platform/storage";
import { encrypt, decrypt, currentKeyId } from "@/lib/platform/crypto";
import type { AssetKind } from "@/lib/generated/prisma/client";
import { NotFoundError } from "@/lib/platform/http/errors";
import { stripUnsafeText } from "@/lib/domain/validation/text";
import { assertWithinQuota } from "@/lib/domain/files/quota";
import { fileUrl } from "@/lib/domain/files/url";
import type { Watermark } from "@/lib/domain/files/watermark-text";

function blobContext(blobKey: string) {
  return `blob:${blobKey}`;
}

/** Every blob is encrypted under its own key name: a blob moved to another name does not decrypt. */
export async function putEncryptedBlob(blobKey: string, data: Buffer) {
  await blobStore().put(blobKey, encrypt(data, blobContext(blobKey)));
}

/** The decrypted blob, or null when there is none. */
export async function getEncryptedBlob(blobKey: string): Promise<Buffer | null> {
  const envelope = await blobStore().get(blobKey);
  return envelope && decrypt(envelope, blobContext(blobKey));
}

/** Encrypts and stores the bytes first; the caller creates rows that point at them (see createAsset). */
export async function storeEncryptedBlob(ownerId: string, data: Buffer) {
  const blobKey = `u/${ownerId}/${crypto.randomBytes(16).toString("hex")}`;
  await putEncryptedBlob(blobKey, data);
  return { blobKey, keyId: currentKeyId() };
}

export async function deleteBlobs(blobKeys: string[]) {
  const store = blobStore();
  await Promise.all(
    blobKeys.map((k) =>
      store.delete(k).catch((err) => console.error(`[files] could not delete blob ${k}`, err)),
    ),
  );
}

/**
 * Where the marked copies of a file made for its recipients are kept (lib/domain/reader/marked-copy.ts). They are a cache:
 * no row points at them, so they never count against the owner's quota (lib/domain/files/quota.ts counts rows), and they
 * go with the file (deleteAssetBlobs).
 */
export function markedCopiesFolder(assetId: string) {
  return `marked/${assetId}/`;
}

/** Deletes the blobs of deleted asset rows: each stored file and every marked copy made of it. */
export async function deleteAssetBlobs(assets: { id: string; blobKey: string }[]) {
  const store = blobStore();
  await Promise.all([
    deleteBlobs(assets.map((a) => a.blobKey)),
    ...assets.map((a) =>
      store.deletePrefix(markedCopiesFolder(a.id)).catch((err) => console.error(`[files] could not delete the marked copies of ${a.id}`, err)),
    ),
  ]);
}

/**
 * Stores a file and its Asset row. If the row cannot be written the blob is removed again,
 * so a failed upload leaves nothing behind.
 */
export async function createAsset(input: {
  ownerId: string;
  ideaId?: number | null;
  kind: AssetKind;
  fileName: string;
  contentType: string;
  data: Buffer;
}) {
  await assertWithinQuota(input.ownerId, input.data.length);
  const { blobKey, keyId } = await storeEncryptedBlob(input.ownerId, input.data);
  try {
    return await db.asset.create({
      data: {
        ownerId: input.ownerId,
        ideaId: input.ideaId ?? null,
        kind: input.kind,
        fileName: stripUnsafeText(input.fileName).slice(0, 255),
        contentType: input.contentType,
        size: input.data.length,
        blobKey,
        keyId,
      },
    });
  } catch (err) {
    await deleteBlobs([blobKey]);
    throw err;
  }
}

/**
 * `watermark`: served to a recipient (`recipientId`), whose identity every copy carries (lib/domain/files/watermark.ts);
 * never for the owner.
 */
export type AssetMeta = { id: string; blobKey: string; fileName: string; contentType: string; size: number; watermark?: Watermark; recipientId?: string };

export async function readAssetBytes(asset: AssetMeta) {
  const data = await getEncryptedBlob(asset.blobKey);
  if (!data) throw new NotFoundError("File not found");
  return data;
}

export async function listAssets(ownerId: string) {
  const rows = await db.asset.findMany({
    where: { ownerId, kind: { in: ["image", "pdf"] } },
    orderBy: { createdAt: "desc" },
    select: { id: true, fileName: true, contentType: true, createdAt: true, kind: true },
    take: 500,
  });
  return rows.map((a) => ({ id: a.id, fileName: a.fileName, filePath: fileUrl(a.id), contentType: a.contentType, kind: a.kind, createdAt: a.createdAt }));
}
