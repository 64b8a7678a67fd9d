import "server-only";
import { db } from "@/lib/platform/db";
import { isOpenFor } from "@/lib/domain/gate/link-state";
import { isEmailVerified } from "@/lib/domain/auth/email-verification";

/** GET /api/shared-with-me's items (client/types.ts SharedWithMeItem). */
export type SharedWithMeItem = {
  shareId: string;
  ideaId: number;
  title: string;
  /** The sender as their recipients see them named: the brand's display name, else the account name. */
  sharerName: string;
  sharedAt: Date;
  /** The share's token: the card opens /view/{accessLink}. */
  accessLink: string;
};

/**
 * The e-mail shares addressed to this account's address (one of their addresses) that are still live (not revoked, not expired, views
 * left), never the account's own, newest first. Listing one grants nothing: the link still asks for identity,
 * the e-mailed code and the agreement like for anyone else. Both addresses are stored lower-case. Nothing for an
 * account that has not proven its address: anyone may register any address (open mode) and would otherwise read
 * the title, sharer and link of every share sent to it.
 */
export async function listSharedWithMe(userId: string): Promise<SharedWithMeItem[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerified: true } });
  if (!isEmailVerified(user)) return [];
  const now = new Date();
  const shares = await db.share.findMany({
    where: {
      shareType: "email",
      recipientEmails: { has: user.email.toLowerCase() },
      revokedAt: null,
      OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      createdById: { not: userId },
      idea: { ownerId: { not: userId } },
    },
    select: {
      id: true,
      ideaId: true,
      accessLink: true,
      createdAt: true,
      shareType: true,
      maxViews: true,
      viewCount: true,
      revokedAt: true,
      expiresAt: true,
      createdBy: { select: { name: true, brandName: true } },
      idea: { select: { title: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
  // Idea links only: a room link's index is not an idea (its own entry is still to come).
  return shares
    .flatMap((s) => (s.ideaId !== null && s.idea && isOpenFor(s, null, now) ? [{ ...s, ideaId: s.ideaId, idea: s.idea }] : []))
    .map((s) => ({ shareId: s.id, ideaId: s.ideaId, title: s.idea.title, sharerName: s.createdBy.brandName ?? s.createdBy.name, sharedAt: s.createdAt, accessLink: s.accessLink }));
}
