import "server-only";
import crypto from "node:crypto";
import sharp from "sharp";
import { db } from "@/lib/platform/db";
import { originForHost } from "@/lib/platform/http/origin";
import { PayloadTooLargeError, ValidationError } from "@/lib/platform/http/errors";
import { deleteBlobs, getEncryptedBlob, putEncryptedBlob } from "@/lib/domain/files";
import { sniffImageType } from "@/lib/domain/files/sniff";
import { LOGO_MAX_BYTES, LOGO_NOT_AN_IMAGE, LOGO_TOO_LARGE } from "@/lib/domain/validation/brand-limits";
import type { BrandUpdateInput } from "@/lib/domain/validation/brand";
import { readableForeground, readableOnWhite } from "@/lib/domain/brand/contrast";
import { isTokenShaped } from "@/lib/domain/validation/ids";
import { isDead } from "@/lib/domain/gate/link-state";
import type { UploadedFile } from "@/lib/platform/uploads/multipart";
import type { EmailBrand } from "@/lib/platform/email/templates";

/** What recipients see of a sender: their name, logo and accent colour. The idea is never part of it. */
export type SenderBrand = {
  displayName: string;
  accentColor: string | null;
  /** Black or white: the text colour on the accent, chosen for at least 4.5:1 contrast. */
  accentForeground: string | null;
  /** The accent for text and links on the white page: itself, or darkened until it reaches 4.5:1 on white. */
  accentText: string | null;
  /** Same-origin path of the logo, or null. */
  logoUrl: string | null;
};

export const brandSelect = { name: true, brandName: true, brandAccent: true, brandLogoKey: true } as const;
type BrandRow = { name: string; brandName: string | null; brandAccent: string | null; brandLogoKey: string | null };

/** The logo's key is random and changes with every upload, so the public URL is cacheable forever. */
export const LOGO_KEY_PATTERN = /^[a-f0-9]{32}$/;
const LOGO_MAX_HEIGHT = 256;
const LOGO_MAX_INPUT_PIXELS = 40_000_000;
const LOGO_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

export function brandLogoPath(key: string) {
  return `/api/brand/logo/${key}`;
}
const logoBlobKey = (key: string) => `brand/${key}`;

export function presentBrand(row: BrandRow): SenderBrand {
  return {
    displayName: row.brandName ?? row.name,
    accentColor: row.brandAccent,
    accentForeground: row.brandAccent && readableForeground(row.brandAccent),
    accentText: row.brandAccent && readableOnWhite(row.brandAccent),
    logoUrl: row.brandLogoKey && brandLogoPath(row.brandLogoKey),
  };
}

/** GET /api/profile/brand: the owner's own settings (a display name of null means the account name is shown). */
export async function getBrandSettings(userId: string) {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: brandSelect });
  return { displayName: row.brandName, accentColor: row.brandAccent, logoUrl: row.brandLogoKey && brandLogoPath(row.brandLogoKey) };
}

export async function updateBrandSettings(userId: string, input: BrandUpdateInput) {
  await db.user.update({ where: { id: userId }, data: { brandName: input.displayName, brandAccent: input.accentColor } });
  return getBrandSettings(userId);
}

/**
 * The upload re-encoded as a PNG at most 256 px high: what is served is pixels sharp wrote, never the uploaded bytes
 * (no metadata, no polyglot file). The type is read from the bytes; SVG is refused (it can carry script).
 */
async function normalizedLogo(file: UploadedFile | null) {
  if (!file || file.data.length === 0) throw new ValidationError(LOGO_NOT_AN_IMAGE);
  if (file.data.length > LOGO_MAX_BYTES) throw new PayloadTooLargeError(LOGO_TOO_LARGE);
  const type = sniffImageType(file.data);
  if (!type || !LOGO_TYPES.has(type)) throw new ValidationError(LOGO_NOT_AN_IMAGE);
  try {
    return await sharp(file.data, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ height: LOGO_MAX_HEIGHT, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new ValidationError(LOGO_NOT_AN_IMAGE);
  }
}

/** Replaces the logo under a new random key; the previous one is deleted. */
export async function setBrandLogo(userId: string, file: UploadedFile | null) {
  const png = await normalizedLogo(file);
  const key = crypto.randomBytes(16).toString("hex");
  await putEncryptedBlob(logoBlobKey(key), png);
  let previous: string | null;
  try {
    previous = await db.$transaction(async (tx) => {
      // Serializes concurrent uploads for one user: each replaces (and deletes) the logo the previous one set.
      await tx.$executeRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { brandLogoKey: true } });
      await tx.user.update({ where: { id: userId }, data: { brandLogoKey: key } });
      return user.brandLogoKey;
    });
  } catch (err) {
    await deleteBlobs([logoBlobKey(key)]);
    throw err;
  }
  if (previous) await deleteBlobs([logoBlobKey(previous)]);
  return getBrandSettings(userId);
}

export async function removeBrandLogo(userId: string) {
  const previous = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { brandLogoKey: true } });
    if (user.brandLogoKey) await tx.user.update({ where: { id: userId }, data: { brandLogoKey: null } });
    return user.brandLogoKey;
  });
  if (previous) await deleteBlobs([logoBlobKey(previous)]);
  return getBrandSettings(userId);
}

/** The stored logo behind a public key (PNG bytes), or null for a key no account uses. */
export async function readBrandLogo(key: string): Promise<Buffer | null> {
  if (!LOGO_KEY_PATTERN.test(key)) return null;
  const owner = await db.user.findUnique({ where: { brandLogoKey: key }, select: { id: true } });
  if (!owner) return null;
  return getEncryptedBlob(logoBlobKey(key));
}

/** Deletes a logo blob once its account is gone (account deletion). */
export async function deleteBrandLogoBlob(key: string | null) {
  if (key) await deleteBlobs([logoBlobKey(key)]);
}

/**
 * The brand of the sender behind an access link, for the recipient screens: only to someone holding the link (the
 * token is the only way in), and only while the link lives (a revoked or expired link shows no one). It is the
 * sender's, not the idea's, so it may show before any agreement.
 */
export async function senderBrandOfLink(token: string | null): Promise<SenderBrand | null> {
  if (!token || !isTokenShaped(token)) return null;
  const share = await db.share.findUnique({
    where: { accessLink: token },
    select: { revokedAt: true, expiresAt: true, createdBy: { select: brandSelect } },
  });
  if (!share || isDead(share)) return null;
  return presentBrand(share.createdBy);
}

/**
 * How a mail to the sender's recipient is signed: From "{display name} via IdeaVault" (our address), Reply-To the
 * sender's account e-mail unless `replyToOwner` is false (then answers reach our sending address), and the brand for
 * the HTML part, its logo as an absolute URL on `origin`.
 */
export async function senderMail(userId: string, origin: string, { replyToOwner = true }: { replyToOwner?: boolean } = {}): Promise<{ fromName: string; replyTo: string | undefined; brand: EmailBrand }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { ...brandSelect, email: true } });
  const brand = presentBrand(user);
  return {
    fromName: `${brand.displayName} via IdeaVault`,
    replyTo: replyToOwner ? user.email : undefined,
    brand: {
      name: brand.displayName,
      logoUrl: brand.logoUrl && new URL(brand.logoUrl, origin).toString(),
      accentColor: brand.accentColor,
      accentForeground: brand.accentForeground,
    },
  };
}

/**
 * senderMail for what a link's recipient receives (their code, certificate, receipt, the owner's reply to a comment),
 * on the app's origin unless given: the owner's address reaches them only where they have it already (an e-mail
 * link: its invitation answers to the owner) or where the owner chose to show it (on certificates); anyone can open
 * the other links.
 */
export async function recipientMailOfShare(shareId: string, origin = originForHost(null)) {
  const share = await db.share.findUniqueOrThrow({ where: { id: shareId }, select: { createdById: true, shareType: true, createdBy: { select: { showEmailOnCertificates: true } } } });
  const replyToOwner = share.shareType === "email" || share.createdBy.showEmailOnCertificates;
  return senderMail(share.createdById, origin, { replyToOwner });
}

