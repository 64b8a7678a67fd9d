import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { blobStore } from "@/lib/storage";
import { encrypt, decrypt, currentKeyId } from "@/lib/crypto";
import type { AssetKind } from "@/lib/generated/prisma/client";
import { NotFoundError } from "@/lib/api/errors";
import { stripUnsafeText } from "@/lib/validation/text";
import { assertWithinQuota } from "@/lib/files/quota";
import { recordMissingImageLinks, type ContentRow } from "@/lib/ideas/image-links";
import { fileUrl } from "@/lib/files/url";
import type { Watermark } from "@/lib/files/watermark-text";
import { findReaders } from "@/lib/shares/gate";
import { secretHashes } from "@/lib/shares/secrets";

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
 * Where the marked copies of a file made for its recipients are kept (lib/files/marked-copy.ts). They are a cache:
 * no row points at them, so they never count against the owner's quota (lib/files/quota.ts counts rows), and they
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
 * `watermark`: served to a recipient (`recipientId`), whose identity every copy carries (lib/files/watermark.ts);
 * never for the owner.
 */
export type AssetMeta = { id: string; blobKey: string; fileName: string; contentType: string; size: number; watermark?: Watermark; recipientId?: string };

export async function readAssetBytes(asset: AssetMeta) {
  const data = await getEncryptedBlob(asset.blobKey);
  if (!data) throw new NotFoundError("File not found");
  return data;
}

const assetMetaSelect = { id: true, blobKey: true, fileName: true, contentType: true, size: true } as const;

/**
 * The asset if `userId` owns it, or if this browser holds a recipient session that reads an idea using it (the
 * recipient gate, lib/shares/gate.ts). A recipient reads only the idea's PDF — and that only when its link allows
 * downloads (otherwise it reads page images, /api/share/{token}/pages) — and the images its HTML shows; nothing else
 * of the owner's.
 */
export async function findReadableAsset(userId: string | null, assetId: string, recipientSecrets: readonly string[] = []): Promise<AssetMeta | null> {
  if (userId) {
    const own = await db.asset.findFirst({ where: { id: assetId, ownerId: userId }, select: assetMetaSelect });
    if (own) return own;
  }
  if (secretHashes(recipientSecrets).length === 0) return null;
  const asset = await db.asset.findUnique({ where: { id: assetId }, select: { ...assetMetaSelect, ownerId: true, kind: true } });
  if (!asset || asset.kind === "profile") return null;
  const now = new Date();
  const recipients = await findReaders(recipientSecrets, { share: { idea: { ownerId: asset.ownerId } } }, {
    id: true,
    name: true,
    email: true,
    viewStartedAt: true,
    share: { select: { allowDownload: true, ideaId: true, pinnedVersion: true, idea: { select: { pdfAssetId: true, kind: true, version: true, imageLinksRecorded: true } } } },
  });
  // The content each link shows (as lib/shares/shown-version.ts): a pinned older version's row, else the Idea row.
  const shown = await Promise.all(
    recipients.map(async (r) => {
      const pinned = r.share.pinnedVersion !== null && r.share.pinnedVersion !== r.share.idea.version
        ? await db.ideaVersion.findFirst({ where: { ideaId: r.share.ideaId, version: r.share.pinnedVersion, status: "published" }, select: { pdfAssetId: true, kind: true, version: true, imageLinksRecorded: true } })
        : null;
      const row: ContentRow = { ideaId: r.share.ideaId, version: pinned ? pinned.version : null };
      return { r, row, ...(pinned ?? r.share.idea) };
    }),
  );
  for (const s of shown) {
    if (s.pdfAssetId === asset.id && s.r.share.allowDownload) {
      return { ...pick(asset), watermark: { name: s.r.name, email: s.r.email, accessedAt: s.r.viewStartedAt ?? now }, recipientId: s.r.id };
    }
  }
  if (asset.kind !== "image") return null;
  // An image is served when a shown HTML content links it: one join over the links recorded at save
  // (lib/ideas/image-links.ts), after recording them once for rows written before links existed.
  const html = shown.filter((s) => s.kind === "html");
  if (html.length === 0) return null;
  await recordMissingImageLinks(html.filter((s) => !s.imageLinksRecorded).map((s) => s.row));
  const rows = html.map((s) => s.row);
  const linked = await db.ideaImage.findFirst({ where: { assetId: asset.id, OR: rows }, select: { id: true } });
  return linked ? pick(asset) : null;
}

function pick(a: AssetMeta): AssetMeta {
  return { id: a.id, blobKey: a.blobKey, fileName: a.fileName, contentType: a.contentType, size: a.size };
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
