import "server-only";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { ownedLinkWhere, ownedShareOr404, SHARE_NOT_FOUND } from "@/lib/domain/shares/owned";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/platform/http/errors";
import { parseIdeaId } from "@/lib/domain/ideas/id";
import { createShareSchema, updateShareSchema, type CreateShareRequest, type UpdateShareRequest } from "@/lib/domain/validation/share-link";
import { originForHost } from "@/lib/platform/http/origin";
import { newAccessLink } from "@/lib/domain/gate/secrets";
import { dropQueuedInvitations, invitationTarget, mailInvitations, queueInvitations } from "@/lib/domain/shares/invitations";
import { shareTypeFromApi, shareTypeToApi } from "@/lib/domain/gate/share-type";
import { presentShare, shareWithAgreement as withAgreement } from "@/lib/domain/shares/present";
import { hashPasscode } from "@/lib/domain/recipients/passcode";
import type { Prisma, Share } from "@/lib/generated/prisma/client";
import { resolveLinkAgreement } from "@/lib/domain/agreements";
import { kickWebhookDeliveries } from "@/lib/domain/webhooks/deliver";
import { linkRevokedEvent } from "@/lib/domain/webhooks/events";
import { queueWebhookEvent } from "@/lib/domain/webhooks/queue";
import { appendLinkEvidence, type EvidenceTx, type LinkSubject } from "@/lib/domain/evidence-log/append";

export { findLiveShare } from "@/lib/domain/gate/lookup";
export { INVALID_LINK } from "@/lib/domain/gate/link-state";

export { SHARE_NOT_FOUND } from "@/lib/domain/shares/owned";
export { presentShare } from "@/lib/domain/shares/present";

/**
 * What a new link opens, as its creation needs it: one idea, or one room (then `lock` holds the room against a
 * concurrent delete until the link is written, inside the creation's transaction).
 */
export type ShareTarget = {
  ideaId: number | null;
  roomId: string | null;
  /** The idea's title or the room's name, for the invitation. */
  title: string;
  /** The idea's latest published version (what `pinVersion: true` pins); null for a room (its items pin). */
  version: number | null;
  owner: { name: string; email: string };
  lock?: (tx: Prisma.TransactionClient) => Promise<unknown>;
};

/** The idea a new link is for: one of the owner's, else the 404 (the route counts its limit after this). */
export async function shareableIdeaOr404(ownerId: string, rawId: unknown): Promise<ShareTarget> {
  const idea = await ownedIdeaOr404(ownerId, parseIdeaId(rawId), { select: { id: true, title: true, version: true, owner: { select: { name: true, email: true } } } });
  return { ideaId: idea.id, roomId: null, title: idea.title, version: idea.version, owner: idea.owner };
}

/**
 * Creates a link for one of the owner's ideas. SPEC §5: fields that do not apply to the type are ignored and
 * stored null (the schema made them null). An e-mail share sends its invitations once the link is committed: if
 * none could be sent the link is removed again, so the owner never holds a link nobody was told about; once one
 * was, the link stays and the addresses whose mail failed are tried again by a job (`invitationsPending` names them).
 */
export async function createShareLink(ownerId: string, request: CreateShareRequest, origin: string) {
  // The one set of rules (lib/domain/validation/share-link.ts); the handler parsed the same already, other callers did not.
  const input = createShareSchema.parse(request);
  // A room link is created with its room as the target (lib/domain/rooms shareableRoomOr404, then createShareFor).
  if (input.roomId !== undefined) throw new ValidationError("createShareLink makes idea links only");
  return createShareFor(ownerId, await shareableIdeaOr404(ownerId, input.ideaId), input, origin);
}

/** createShareLink once the idea is known to be the owner's (POST /api/shares counts its limit in between). */
export async function createShareFor(ownerId: string, target: ShareTarget, request: CreateShareRequest, origin: string) {
  const input = createShareSchema.parse(request);
  // 'Sharing defaults' for what the request leaves out.
  const defaults = await db.user.findUniqueOrThrow({ where: { id: ownerId }, select: { defaultAllowDownload: true, defaultScreenShield: true } });
  const type = input.shareType;
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const maxViews = input.maxViews ?? null;
  // An e-mail link's addresses (the rules made them one list, its first also `recipientEmail`); none for the others.
  const recipientEmails = input.shareType === "email" ? (input.recipientEmails ?? [input.recipientEmail]) : [];
  const recipientEmail = recipientEmails[0] ?? null;
  const passcodeHash = input.passcode ? await hashPasscode(input.passcode) : null;
  // The agreement (absent means the account's default at this moment) is checked and written in one
  // transaction, so a concurrent delete of that agreement sees the link.
  const share = await db.$transaction(async (tx) => {
    await target.lock?.(tx);
    const agreementId = await resolveLinkAgreement(tx, ownerId, input.agreementId);
    const created = await tx.share.create({
      data: { ideaId: target.ideaId, roomId: target.roomId, createdById: ownerId, shareType: shareTypeFromApi(type), accessLink: newAccessLink(), expiresAt, maxViews, recipientEmail, recipientEmails,
        allowDownload: input.allowDownload ?? defaults.defaultAllowDownload, screenShield: input.screenShield ?? defaults.defaultScreenShield, passcodeHash, name: input.name ?? null,
        allowedEmails: input.allowedEmails ?? [], allowedDomains: input.allowedDomains ?? [], blockedDomains: input.blockedDomains ?? [],
        agreementId, requireNda: input.requireNda ?? true, requireVerifiedEmail: input.requireVerifiedEmail ?? false, pinnedVersion: input.pinVersion ? target.version : null, note: input.note ?? null },
      include: withAgreement,
    });
    await appendLinkEvidence(tx, created, { type: "link.created", data: { shareId: created.id, ...linkMeasures(created) }, personal: { email: recipientEmail } });
    await queueInvitations(tx, created.id, recipientEmails, origin);
    return created;
  });
  // Invited once the link is committed: no mail goes out while its transaction is open.
  const { failures, pending } = await mailInvitations(share, target, recipientEmails, origin);
  if (recipientEmails.length > 0 && failures.length === recipientEmails.length) {
    // The link never reached anyone: it goes (its queued invitations with it), and its log says so.
    await db.$transaction(async (tx) => {
      await dropQueuedInvitations(tx, share.id, recipientEmails);
      await tx.share.delete({ where: { id: share.id } });
      await appendLinkEvidence(tx, share, { type: "link.revoked", data: { shareId: share.id, revokedAt: new Date().toISOString(), reason: "invitation not sent" } });
    });
    throw failures[0].error;
  }
  // Someone holds the link now: it stays, and the addresses whose mail failed keep their job, which tries again.
  return { ...presentShare(share), invitationsPending: pending };
}

export const SHARE_REVOKED = "This link was revoked; create a new one instead.";

const when = (d: Date | null) => (d ? d.toISOString() : "never");
const limitText = (n: number | null) => (n === null ? "unlimited" : String(n));
const onOff = (b: boolean) => (b ? "on" : "off");

/**
 * A link's protective settings as its evidence entries record them (never the passcode, the name or the addresses:
 * lists count as their size, since addresses are personal data kept out of the log).
 */
function linkMeasures(s: Share) {
  return {
    shareType: shareTypeToApi(s.shareType),
    expiresAt: s.expiresAt?.toISOString() ?? null,
    maxViews: s.maxViews,
    allowDownload: s.allowDownload,
    screenShield: s.screenShield,
    passcode: s.passcodeHash !== null,
    requireNda: s.requireNda,
    requireVerifiedEmail: s.requireVerifiedEmail,
    agreementId: s.agreementId,
    pinnedVersion: s.pinnedVersion,
    allowedEmails: s.allowedEmails.length,
    recipientEmails: s.recipientEmails.length,
    allowedDomains: s.allowedDomains.length,
    blockedDomains: s.blockedDomains.length,
  };
}

/** The evidence entry of a link revoked (once, by the call that revoked it). */
function logRevoked(tx: EvidenceTx, share: LinkSubject & { id: string; revokedAt: Date | null }) {
  return appendLinkEvidence(tx, share, { type: "link.revoked", data: { shareId: share.id, revokedAt: share.revokedAt?.toISOString() ?? null } });
}

/** The change in words for the activity timeline (never the passcode). */
type ShareChanges = {
  name?: string | null;
  expiresAt?: Date | null;
  maxViews?: number | null;
  allowDownload?: boolean;
  screenShield?: boolean;
  passcodeHash?: string | null;
  allowedEmails?: string[];
  allowedDomains?: string[];
  blockedDomains?: string[];
  agreementId?: string | null;
  requireNda?: boolean;
  requireVerifiedEmail?: boolean;
  recipientEmails?: string[];
  recipientEmail?: string | null;
};

const listText = (list: string[]) => (list.length ? list.join(", ") : "none");

/** How the timeline names an agreement: 'standard', or its title as it is now. */
export type AgreementNames = Map<string | null, string>;

/** The addresses a new list adds to an e-mail link and those it takes off. */
function addressChanges(before: readonly string[], after: readonly string[]) {
  return { added: after.filter((a) => !before.includes(a)), removed: before.filter((a) => !after.includes(a)) };
}

export const ADDRESSES_ON_EMAIL_LINKS_ONLY = "Only an e-mail link is sent to addresses";

function describeChanges(before: Share, data: ShareChanges, names: AgreementNames = new Map()) {
  const parts: string[] = [];
  const agreementName = (id: string | null) => (id === null ? "standard" : `'${names.get(id) ?? id}'`);
  if (data.agreementId !== undefined && data.agreementId !== before.agreementId) parts.push(`agreement ${agreementName(before.agreementId)} → ${agreementName(data.agreementId)}`);
  if (data.requireNda !== undefined && data.requireNda !== before.requireNda) parts.push(data.requireNda ? "NDA required" : "no NDA");
  if (data.requireVerifiedEmail !== undefined && data.requireVerifiedEmail !== before.requireVerifiedEmail) {
    parts.push(data.requireVerifiedEmail ? "verified e-mail required" : "verified e-mail not required");
  }
  for (const [key, label] of [["allowedEmails", "allowed addresses"], ["allowedDomains", "allowed domains"], ["blockedDomains", "blocked domains"]] as const) {
    const next = data[key];
    if (next !== undefined && next.join(",") !== before[key].join(",")) parts.push(`${label}: ${listText(next)}`);
  }
  if (data.recipientEmails !== undefined) {
    const { added, removed } = addressChanges(before.recipientEmails, data.recipientEmails);
    if (added.length) parts.push(`invited ${added.join(", ")}`);
    if (removed.length) parts.push(`no longer sent to ${removed.join(", ")}`);
  }
  if (data.name !== undefined && data.name !== before.name) parts.push(`name: ${data.name === null ? "removed" : `'${data.name}'`}`);
  if (data.expiresAt !== undefined && data.expiresAt?.getTime() !== before.expiresAt?.getTime()) parts.push(`expiry ${when(before.expiresAt)} → ${when(data.expiresAt)}`);
  if (data.maxViews !== undefined && data.maxViews !== before.maxViews) parts.push(`maximum views ${limitText(before.maxViews)} → ${limitText(data.maxViews)}`);
  if (data.allowDownload !== undefined && data.allowDownload !== before.allowDownload) parts.push(`download ${onOff(data.allowDownload)}`);
  if (data.screenShield !== undefined && data.screenShield !== before.screenShield) parts.push(`screen shield ${onOff(data.screenShield)}`);
  if (data.passcodeHash !== undefined) parts.push(data.passcodeHash === null ? (before.passcodeHash ? "passcode removed" : "") : before.passcodeHash ? "passcode changed" : "passcode added");
  return parts.filter(Boolean).join("; ");
}

/**
 * PATCH /api/shares/{id}: name, expiry, view limit, options and passcode; never the type or the idea.
 * Every recipient call reads the link afresh, so a change applies to each recipient's next request: a view limit
 * lowered to the views already used closes the link, an expiry in the past is refused by the rules, a new passcode
 * is asked again of everyone (their passcodeGivenAt is cleared with the change, in one transaction), lists that now
 * exclude a recipient's address refuse it (the gate's address clause; lifting the exclusion lets it back under the
 * other clauses, as for the owner's account-wide blocked domains), an e-mail link's new addresses are invited and its
 * removed ones refused the same way (the gate's address clause). The change is recorded for the activity
 * timeline. A revoked link cannot be changed (409).
 */
export async function updateShare(ownerId: string, shareId: string, request: UpdateShareRequest, origin = originForHost(null)) {
  const before = await ownedShareOr404(ownerId, shareId);
  const input = updateShareSchema.parse(request);
  if (before.revokedAt) throw new ConflictError(SHARE_REVOKED);
  if (input.recipientEmails !== undefined && before.shareType !== "email") throw new ValidationError(ADDRESSES_ON_EMAIL_LINKS_ONLY);
  const data: ShareChanges = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt) } : {}),
    ...(input.maxViews !== undefined ? { maxViews: input.maxViews } : {}),
    ...(input.allowDownload !== undefined ? { allowDownload: input.allowDownload } : {}),
    ...(input.screenShield !== undefined ? { screenShield: input.screenShield } : {}),
    ...(input.passcode !== undefined ? { passcodeHash: input.passcode === null ? null : await hashPasscode(input.passcode) } : {}),
    ...(input.allowedEmails !== undefined ? { allowedEmails: input.allowedEmails } : {}),
    ...(input.allowedDomains !== undefined ? { allowedDomains: input.allowedDomains } : {}),
    ...(input.blockedDomains !== undefined ? { blockedDomains: input.blockedDomains } : {}),
    ...(input.requireNda !== undefined ? { requireNda: input.requireNda } : {}),
    ...(input.requireVerifiedEmail !== undefined ? { requireVerifiedEmail: input.requireVerifiedEmail } : {}),
    ...(input.recipientEmails !== undefined ? { recipientEmails: input.recipientEmails, recipientEmail: input.recipientEmails[0] } : {}),
  };
  const invited = data.recipientEmails ? addressChanges(before.recipientEmails, data.recipientEmails).added : [];
  const share = await db.$transaction(async (tx) => {
    // A change of agreement names one of the owner's (locked against a concurrent delete), or null.
    if (input.agreementId !== undefined) data.agreementId = await resolveLinkAgreement(tx, ownerId, input.agreementId);
    const agreementIds = [before.agreementId, data.agreementId].filter((id): id is string => typeof id === "string");
    const names: AgreementNames = new Map(
      (await tx.agreement.findMany({ where: { id: { in: agreementIds } }, select: { id: true, title: true } })).map((a) => [a.id, a.title]),
    );
    const summary = describeChanges(before, data, names);
    const updated = await tx.share.update({ where: { id: before.id }, data, include: withAgreement });
    if (typeof data.passcodeHash === "string") await tx.recipient.updateMany({ where: { shareId: before.id }, data: { passcodeGivenAt: null } });
    if (summary) {
      const change = await tx.shareChange.create({ data: { shareId: before.id, ideaId: before.ideaId, summary } });
      await appendLinkEvidence(tx, before, { type: "link.changed", data: { shareId: before.id, changeId: change.id, ...linkMeasures(updated) } });
    }
    await queueInvitations(tx, before.id, invited, origin);
    return updated;
  });
  // Newly added addresses are invited once the change is committed (never with the link's row locked by it); an
  // address whose mail fails stays on the list and its job tries again, and the answer names it.
  const { pending } = invited.length > 0 ? await mailInvitations(share, await invitationTarget(db, share), invited, origin) : { pending: [] };
  return { ...presentShare(share), invitationsPending: pending };
}

/** 'Revoke all links' (DELETE /api/ideas/{id}/shares): every live link of the idea at once; answers how many. */
export async function revokeAllShares(ownerId: string, ideaId: unknown) {
  const { ideaId: id } = await shareableIdeaOr404(ownerId, ideaId);
  const idea = { id };
  const revoked = await db.$transaction(async (tx) => {
    const rows = await tx.share.updateManyAndReturn({
      where: { ideaId: idea.id, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { id: true, ideaId: true, roomId: true, revokedAt: true },
    });
    for (const share of rows) await logRevoked(tx, share);
    return rows;
  });
  // Each link this call revoked is announced once, as a single Revoke would.
  const deliveries: string[] = [];
  for (const share of revoked) {
    if (share.revokedAt && share.ideaId !== null) deliveries.push(...(await queueWebhookEvent(db, linkRevokedEvent({ id: share.id, ideaId: share.ideaId, revokedAt: share.revokedAt }))));
  }
  if (deliveries.length > 0) kickWebhookDeliveries(deliveries);
  return { success: true as const, revoked: revoked.length };
}

/** Newest first; another creator's idea is a 404. */
export async function listShares(ownerId: string, ideaId: unknown) {
  const { ideaId: id } = await shareableIdeaOr404(ownerId, ideaId);
  const idea = { id: id as number };
  const shares = await db.share.findMany({ where: { ideaId: idea.id, idea: { ownerId } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: withAgreement });
  return shares.map(presentShare);
}

/**
 * Revokes at once: every recipient call checks revokedAt, so open sessions lose access on their next call.
 * Revoking twice keeps the first time.
 */
export async function revokeShare(ownerId: string, shareId: string) {
  const where = { id: shareId, ...ownedLinkWhere(ownerId) };
  const { revoked, share } = await db.$transaction(async (tx) => {
    const revoked = await tx.share.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
    const share = await tx.share.findFirst({ where, select: { id: true, ideaId: true, roomId: true, revokedAt: true } });
    if (share && revoked.count === 1) await logRevoked(tx, share);
    return { revoked, share };
  });
  if (!share) throw new NotFoundError(SHARE_NOT_FOUND);
  // Announced by the call that revoked it, not by the repeats.
  if (revoked.count === 1 && share.revokedAt && share.ideaId !== null) {
    kickWebhookDeliveries(await queueWebhookEvent(db, linkRevokedEvent({ id: share.id, ideaId: share.ideaId, revokedAt: share.revokedAt })));
  }
  return { success: true as const, id: share.id, revokedAt: share.revokedAt };
}
