import "server-only";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { ConflictError, ValidationError } from "@/lib/platform/http/errors";
import { createAsset, deleteBlobs, readAssetBytes } from "@/lib/domain/files";
import { fileUrl } from "@/lib/domain/files/url";
import { sniffImageType } from "@/lib/domain/files/sniff";
import type { UploadedFile } from "@/lib/platform/uploads/multipart";

export const NOT_AN_IMAGE = "Only PNG, JPEG, GIF or WebP images are supported";

function imageTypeOf(file: UploadedFile | null) {
  if (!file || file.data.length === 0) throw new ValidationError("No image was uploaded");
  const type = sniffImageType(file.data);
  if (!type) throw new ValidationError(NOT_AN_IMAGE);
  return type;
}

/** Same-size candidates compared per upload: enough for real duplicates, bounded work for a hostile account. */
const DUPLICATE_CANDIDATES = 20;

/**
 * The owner's editor image with exactly these bytes, if one is stored. Blobs are encrypted under random keys and
 * the schema keeps no content hash, so equal size and type narrow the candidates and the bytes decide.
 */
async function findSameImage(ownerId: string, data: Buffer, contentType: string) {
  const candidates = await db.asset.findMany({
    where: { ownerId, kind: "image", size: data.length, contentType },
    orderBy: { createdAt: "asc" },
    select: { id: true, ideaId: true, blobKey: true, fileName: true, contentType: true, size: true },
    take: DUPLICATE_CANDIDATES,
  });
  for (const candidate of candidates) {
    let bytes: Buffer;
    try {
      bytes = await readAssetBytes(candidate);
    } catch (err) {
      // A missing or unreadable blob is no duplicate: store the upload as a file of its own.
      console.error(`[files] could not compare with asset ${candidate.id}`, err);
      continue;
    }
    if (bytes.equals(data)) return candidate;
  }
  return null;
}

/**
 * An image for the editor; tied to the idea when one is named (and owned).
 *
 * The same image uploaded again is not stored again (My Assets listed it twice): the upload answers
 * the stored file. A file tied to one idea is deleted with that idea (deleteIdea), so once a second idea (or a
 * new, unsaved one) uses it, it is detached and outlives both.
 */
export async function uploadEditorImage(ownerId: string, file: UploadedFile | null, ideaId: number | null) {
  const contentType = imageTypeOf(file);
  if (ideaId != null) {
    const owned = await ownedIdeaOr404(ownerId, ideaId, { select: { status: true } });
    if (owned.status === "published") throw new ConflictError("Published ideas cannot be edited.");
  }
  const same = await findSameImage(ownerId, file!.data, contentType);
  if (same) {
    if (same.ideaId !== null && same.ideaId !== ideaId) await db.asset.update({ where: { id: same.id }, data: { ideaId: null } });
    return { id: same.id, url: fileUrl(same.id) };
  }
  const asset = await createAsset({ ownerId, ideaId, kind: "image", fileName: file!.fileName || "image", contentType, data: file!.data });
  return { id: asset.id, url: fileUrl(asset.id) };
}

/** Replaces the profile image; the previous file is removed. */
export async function setProfileImage(userId: string, file: UploadedFile | null) {
  const contentType = imageTypeOf(file);
  const asset = await createAsset({ ownerId: userId, kind: "profile", fileName: file!.fileName || "avatar", contentType, data: file!.data });
  let previous: { id: string; blobKey: string } | null;
  try {
    previous = await db.$transaction(async (tx) => {
      // Serializes concurrent uploads for one user: each sees the image the previous one set.
      await tx.$executeRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { profileImage: { select: { id: true, blobKey: true } } } });
      await tx.user.update({ where: { id: userId }, data: { profileImageId: asset.id } });
      if (user.profileImage) await tx.asset.delete({ where: { id: user.profileImage.id } });
      return user.profileImage;
    });
  } catch (err) {
    await db.asset.deleteMany({ where: { id: asset.id } });
    await deleteBlobs([asset.blobKey]);
    throw err;
  }
  if (previous) await deleteBlobs([previous.blobKey]);
  return { profileImage: fileUrl(asset.id) };
}
