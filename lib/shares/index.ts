import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/api/errors";
import { parseIdeaId } from "@/lib/ideas/id";
import { createShareSchema, type CreateShareRequest } from "@/lib/validation/share-link";
import { sendEmail } from "@/lib/email";
import { shareInvitationEmail } from "@/lib/email/templates";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { newAccessLink, shareTypeFromApi, shareTypeToApi } from "@/lib/shares/access";
import { hashPasscode } from "@/lib/shares/passcode";
import type { Share } from "@/lib/generated/prisma/client";

export { findLiveShare, INVALID_LINK } from "@/lib/shares/access";

export const SHARE_NOT_FOUND = "Share not found";

/** The owner's view of a share (GET /api/ideas/{id}/shares, POST /api/shares). */
export function presentShare(s: Share) {
  return {
    id: s.id,
    ideaId: s.ideaId,
    shareType: shareTypeToApi(s.shareType),
    expiresAt: s.expiresAt,
    maxViews: s.maxViews,
    recipientEmail: s.recipientEmail,
    accessLink: s.accessLink,
    viewCount: s.viewCount,
    revokedAt: s.revokedAt,
    createdAt: s.createdAt,
    allowDownload: s.allowDownload,
    screenShield: s.screenShield,
    /** Whether a passcode is asked; never the passcode nor its hash. */
    hasPasscode: s.passcodeHash !== null,
  };
}

export function viewLink(origin: string, accessLink: string) {
  return `${origin}/view/${accessLink}`;
}

async function ownedIdea(ownerId: string, rawId: unknown) {
  const idea = await db.idea.findFirst({ where: { id: parseIdeaId(rawId), ownerId }, select: { id: true, title: true, owner: { select: { name: true } } } });
  if (!idea) throw new NotFoundError("Idea not found");
  return idea;
}

/**
 * Creates a link for one of the owner's ideas. SPEC §5: fields that do not apply to the type are ignored and
 * stored null (the schema made them null). An e-mail share sends its invitation; if that fails the share is removed again, so the owner
 * never holds a link nobody was told about.
 */
export async function createShareLink(ownerId: string, request: CreateShareRequest, origin: string) {
  // The one set of rules (lib/validation/share-link.ts); the handler parsed the same already, other callers did not.
  const input = createShareSchema.parse(request);
  const idea = await ownedIdea(ownerId, input.ideaId);
  await enforceRateLimits(rateLimits.shareCreate(ownerId));
  const type = input.shareType;
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const maxViews = input.maxViews ?? null;
  const recipientEmail = input.recipientEmail;
  const passcodeHash = input.passcode ? await hashPasscode(input.passcode) : null;
  const share = await db.share.create({
    data: { ideaId: idea.id, createdById: ownerId, shareType: shareTypeFromApi(type), accessLink: newAccessLink(), expiresAt, maxViews, recipientEmail,
      allowDownload: input.allowDownload ?? false, screenShield: input.screenShield ?? false, passcodeHash },
  });
  if (recipientEmail) {
    try {
      const mail = await shareInvitationEmail({ sharerName: idea.owner.name, ideaTitle: idea.title, link: viewLink(origin, share.accessLink) });
      await sendEmail({ to: recipientEmail, ...mail });
    } catch (err) {
      await db.share.delete({ where: { id: share.id } });
      throw err;
    }
  }
  return presentShare(share);
}

/** Newest first; another creator's idea is a 404. */
export async function listShares(ownerId: string, ideaId: unknown) {
  const idea = await ownedIdea(ownerId, ideaId);
  const shares = await db.share.findMany({ where: { ideaId: idea.id, idea: { ownerId } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return shares.map(presentShare);
}

/**
 * Revokes at once: every recipient call checks revokedAt, so open sessions lose access on their next call.
 * Revoking twice keeps the first time.
 */
export async function revokeShare(ownerId: string, shareId: string) {
  const where = { id: shareId, idea: { ownerId } };
  await db.share.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  const share = await db.share.findFirst({ where, select: { id: true, revokedAt: true } });
  if (!share) throw new NotFoundError(SHARE_NOT_FOUND);
  return { success: true as const, id: share.id, revokedAt: share.revokedAt };
}
