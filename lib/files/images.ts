import "server-only";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { createAsset, deleteBlobs, fileUrl } from "@/lib/files";
import { sniffImageType } from "@/lib/files/sniff";
import type { UploadedFile } from "@/lib/uploads/multipart";

export const NOT_AN_IMAGE = "Only PNG, JPEG, GIF or WebP images are supported";

function imageTypeOf(file: UploadedFile | null) {
  if (!file || file.data.length === 0) throw new ValidationError("No image was uploaded");
  const type = sniffImageType(file.data);
  if (!type) throw new ValidationError(NOT_AN_IMAGE);
  return type;
}

/** An image for the editor; tied to the idea when one is named (and owned). */
export async function uploadEditorImage(ownerId: string, file: UploadedFile | null, ideaId: number | null) {
  const contentType = imageTypeOf(file);
  if (ideaId != null) {
    const owned = await db.idea.findFirst({ where: { id: ideaId, ownerId }, select: { status: true } });
    if (!owned) throw new NotFoundError("Idea not found");
    if (owned.status === "published") throw new ConflictError("Published ideas cannot be edited.");
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
