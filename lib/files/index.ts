import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { blobStore } from "@/lib/storage";
import { encrypt, decrypt, currentKeyId } from "@/lib/crypto";
import type { AssetKind } from "@/lib/generated/prisma/client";
import { NotFoundError } from "@/lib/api/errors";
import { stripUnsafeText } from "@/lib/validation/text";
import { assertWithinQuota } from "@/lib/files/quota";

export function fileUrl(assetId: string) {
  return `/api/files/${assetId}`;
}

function blobContext(blobKey: string) {
  return `blob:${blobKey}`;
}

/** Encrypts and stores the bytes first; the caller creates rows that point at them (see createAsset). */
export async function storeEncryptedBlob(ownerId: string, data: Buffer) {
  const blobKey = `u/${ownerId}/${crypto.randomBytes(16).toString("hex")}`;
  await blobStore().put(blobKey, encrypt(data, blobContext(blobKey)));
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

export type AssetMeta = { id: string; blobKey: string; fileName: string; contentType: string; size: number };

export async function readAssetBytes(asset: AssetMeta) {
  const envelope = await blobStore().get(asset.blobKey);
  if (!envelope) throw new NotFoundError("File not found");
  return decrypt(envelope, blobContext(asset.blobKey));
}

/** The asset if `userId` owns it (the sharing feature widens this to agreed recipients). */
export async function findReadableAsset(userId: string, assetId: string) {
  return db.asset.findFirst({
    where: { id: assetId, ownerId: userId },
    select: { id: true, blobKey: true, fileName: true, contentType: true, size: true },
  });
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
