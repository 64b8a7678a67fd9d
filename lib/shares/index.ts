import "server-only";
import { db } from "@/lib/db";
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { parseIdeaId } from "@/lib/ideas/id";
import { MAX_VIEWS_LIMIT, MESSAGES, recipientEmailSchema, type CreateShareInput } from "@/lib/validation/sharing";
import { sendEmail } from "@/lib/email";
import { shareInvitationEmail } from "@/lib/email/templates";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { newAccessLink, shareTypeFromApi, shareTypeToApi } from "@/lib/shares/access";
import type { Share } from "@/lib/generated/prisma/client";
import { kickWebhookDeliveries } from "@/lib/webhooks/deliver";
import { linkRevokedEvent } from "@/lib/webhooks/events";
import { queueWebhookEvent } from "@/lib/webhooks/queue";

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

/** The last instant of year 9999: JavaScript dates reach year 275760, but the database cannot store them. */
const MAX_EXPIRES_AT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function parseExpiresAt(raw: string | null | undefined, now: Date) {
  const value = raw?.trim() ? new Date(raw) : null;
  if (!value || Number.isNaN(value.getTime()) || value <= now) throw new ValidationError(MESSAGES.expiresAt);
  if (value.getTime() > MAX_EXPIRES_AT) throw new ValidationError(MESSAGES.expiresAtTooFar);
  return value;
}

function parseMaxViews(raw: number | string | null | undefined) {
  if (raw == null || (typeof raw === "string" && raw.trim() === "")) return null;
  const n = typeof raw === "number" ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_VIEWS_LIMIT) throw new ValidationError(MESSAGES.maxViews);
  return n;
}

function parseRecipientEmail(raw: string | null | undefined) {
  const parsed = recipientEmailSchema.safeParse(raw ?? "");
  if (!parsed.success) throw new ValidationError(MESSAGES.recipientEmail);
  return parsed.data;
}

/**
 * Creates a link for one of the owner's ideas. SPEC §5: fields that do not apply to the type are ignored and
 * stored null. An e-mail share sends its invitation; if that fails the share is removed again, so the owner
 * never holds a link nobody was told about.
 */
export async function createShareLink(ownerId: string, input: CreateShareInput, origin: string) {
  const idea = await ownedIdea(ownerId, input.ideaId);
  await enforceRateLimits(rateLimits.shareCreate(ownerId));
  const now = new Date();
  const type = input.shareType;
  const expiresAt = type === "time-dependent" ? parseExpiresAt(input.expiresAt, now) : null;
  const maxViews = type === "one-time" || type === "time-dependent" ? parseMaxViews(input.maxViews) : null;
  const recipientEmail = type === "email" ? parseRecipientEmail(input.recipientEmail) : null;
  const share = await db.share.create({
    data: { ideaId: idea.id, createdById: ownerId, shareType: shareTypeFromApi(type), accessLink: newAccessLink(), expiresAt, maxViews, recipientEmail,
      allowDownload: input.allowDownload ?? false, screenShield: input.screenShield ?? false },
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
  const revoked = await db.share.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  const share = await db.share.findFirst({ where, select: { id: true, ideaId: true, revokedAt: true } });
  if (!share) throw new NotFoundError(SHARE_NOT_FOUND);
  // Announced by the call that revoked it, not by the repeats.
  if (revoked.count === 1 && share.revokedAt) {
    kickWebhookDeliveries(await queueWebhookEvent(db, linkRevokedEvent({ id: share.id, ideaId: share.ideaId, revokedAt: share.revokedAt })));
  }
  return { success: true as const, id: share.id, revokedAt: share.revokedAt };
}
