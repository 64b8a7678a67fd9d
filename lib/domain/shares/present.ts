import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";

/** What the owner's view names of a link's agreement: its current title and version. */
export const shareWithAgreement = {
  agreement: { select: { versions: { orderBy: { version: "desc" }, take: 1, select: { version: true, title: true } } } },
} as const satisfies Prisma.ShareInclude;
type ShareWithAgreement = Prisma.ShareGetPayload<{ include: typeof shareWithAgreement }>;

/** The owner's view of a share (GET /api/ideas/{id}/shares, POST /api/shares). */
export function presentShare(s: ShareWithAgreement) {
  const current = s.agreement?.versions[0];
  return {
    id: s.id,
    /** What the link opens: one idea, or one room (the other is null). */
    ideaId: s.ideaId,
    roomId: s.roomId,
    /** The owner's name for the link, null when unnamed. */
    name: s.name,
    shareType: shareTypeToApi(s.shareType),
    expiresAt: s.expiresAt,
    maxViews: s.maxViews,
    /** An e-mail link's first address (null for the other types); recipientEmails holds them all. */
    recipientEmail: s.recipientEmail,
    /** Every address an e-mail link was sent to, in the owner's order ([] for the other types). */
    recipientEmails: s.recipientEmails,
    accessLink: s.accessLink,
    viewCount: s.viewCount,
    revokedAt: s.revokedAt,
    createdAt: s.createdAt,
    allowDownload: s.allowDownload,
    screenShield: s.screenShield,
    /** Whether a passcode is asked; never the passcode nor its hash. */
    hasPasscode: s.passcodeHash !== null,
    /** The version the link stays on; null: it shows the latest published version. */
    pinnedVersion: s.pinnedVersion,
    /** Who may open it: with an allow list the address is proven by a code. */
    allowedEmails: s.allowedEmails,
    allowedDomains: s.allowedDomains,
    blockedDomains: s.blockedDomains,
    /** The owner's agreement the link shows (its current version), null: the standard agreement. */
    agreementId: s.agreementId,
    agreement: s.agreementId && current ? { id: s.agreementId, title: current.title, version: current.version } : null,
    /** Off: 'No NDA', recipients read without accepting an agreement. */
    requireNda: s.requireNda,
    /** On: every recipient proves their address with the e-mailed code ('Require a verified e-mail'). */
    requireVerifiedEmail: s.requireVerifiedEmail,
  };
}
