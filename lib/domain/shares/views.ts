import "server-only";
import { db } from "@/lib/platform/db";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { NotFoundError } from "@/lib/platform/http/errors";
import { openContent, toClientContent, type ClientContent } from "@/lib/domain/ideas/content";
import { presentRecipient, type PresentedRecipient } from "@/lib/domain/recipients/session";
import { addressAllowed, isAdmitted, liveShareSql } from "@/lib/domain/gate";
import { notifyFirstView } from "@/lib/domain/notifications";
import { kickWebhookDeliveries } from "@/lib/domain/webhooks/deliver";
import { firstViewEvent } from "@/lib/domain/webhooks/events";
import { queueWebhookEvent } from "@/lib/domain/webhooks/queue";
import { INVALID_LINK, inViewWindow, isDead, isOpenFor, isReadmitted, OneTimeLinkUsedError, usedItsOneTimeView, VIEW_WINDOW_MS } from "@/lib/domain/gate/link-state";
import { secretHashes, type ClientInfo, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { shareByToken, type RoomLinkSummary, type ShareSummary } from "@/lib/domain/gate/lookup";
import type { Prisma, Recipient } from "@/lib/generated/prisma/client";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import type { ShareTypeValue } from "@/lib/domain/validation/sharing";
import { ONE_TIME_DEFAULT_MAX_VIEWS } from "@/lib/domain/validation/sharing-limits";
import { watermarkText } from "@/lib/domain/files/watermark-text";
import { pageCodeKeyId } from "@/lib/domain/reader/view-code";
import { shownVersion } from "@/lib/domain/gate/shown-version";
import { holdsPasscode, markPasscodeGiven, NO_PASSCODE_PROOFS, passcodeRequired, PasscodeRequiredError, type PasscodeRequired, type PasscodeProofs } from "@/lib/domain/recipients/passcode";

/**
 * Consumes one view of the share for this recipient, or none when the recipient is inside its 60-minute
 * window. A one-time link has no reload: each recipient is given the content exactly once, and a second delivery
 * is refused like a used link. The recipient row is locked so one recipient's parallel requests consume at most
 * one view; the share is counted by ONE conditional UPDATE, so racing recipients can never take more than the
 * limit (a one-time link's limit is the number of recipients it admits). No row updated → the link is used up,
 * revoked or expired: 404.
 *
 * A room link's item (`share` resolved to it, lib/domain/rooms/recipient.ts): the link's views are counted as an idea
 * link's, one per window, but each item first opened in a window gets a view of its own (its ViewEvent, its log entry):
 * what each idea was read is counted per item. A one-time room link gives each item once, inside its one window.
 */
export async function consumeShareView(share: { id: string; ideaId: number; roomId?: string | null; idea?: { version: number | null } }, recipientId: string, client: ClientInfo) {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "Recipient" WHERE "id" = ${recipientId} AND "shareId" = ${share.id} FOR UPDATE`;
      const recipient = await tx.recipient.findFirst({ where: { id: recipientId, shareId: share.id }, select: { viewStartedAt: true, viewWindowEndsAt: true, readmittedAt: true, share: { select: { shareType: true } } } });
      if (!recipient) throw new NotFoundError(INVALID_LINK);
      const now = new Date();
      // Let back in by the owner: a fresh view (a new window), whatever window it had.
      const readmitted = isReadmitted(recipient);
      const windowStart = !readmitted && inViewWindow(recipient, now) ? recipient.viewStartedAt : null;
      // A room's item: its view in this window, if it was opened in it (an idea link's only item always was).
      const itemView = share.roomId && windowStart
        ? await tx.viewEvent.findFirst({ where: { shareId: share.id, recipientId, ideaId: share.ideaId, viewedAt: { gte: windowStart } }, orderBy: { viewedAt: "asc" }, select: { viewedAt: true } })
        : null;
      const newItem = Boolean(share.roomId && windowStart) && !itemView;
      if (recipient.share.shareType === "one_time" && recipient.viewStartedAt && !newItem && !readmitted) throw new NotFoundError(INVALID_LINK);
      if (windowStart) {
        // A reload consumes nothing, but a link revoked or expired since the caller looked it up still denies it.
        const live = await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "Share" WHERE "id" = ${share.id} AND ${liveShareSql()}`;
        if (live.length !== 1) throw new NotFoundError(INVALID_LINK);
        if (newItem) await recordView(tx, share, recipientId, client, now);
        // A room's item is marked with the time of its own view (as its pages and its receipt line are).
        return { accessedAt: share.roomId ? (itemView?.viewedAt ?? now) : windowStart, consumed: false };
      }
      // Timestamps are stored as UTC wall time (Prisma), so "now" is compared in UTC too. A readmitted recipient's view
      // is counted beyond the limit: the owner let that one recipient back in, nobody else.
      const counted = await tx.$queryRaw<{ id: string }[]>`
        UPDATE "Share" SET "viewCount" = "viewCount" + 1
        WHERE "id" = ${share.id}
          AND ${liveShareSql()}
          AND (${readmitted} OR CASE WHEN "shareType" = 'one-time' THEN "viewCount" < COALESCE("maxViews", ${ONE_TIME_DEFAULT_MAX_VIEWS})
                    WHEN "maxViews" IS NULL THEN TRUE
                    ELSE "viewCount" < "maxViews" END)
        RETURNING "id"`;
      if (counted.length !== 1) throw new NotFoundError(INVALID_LINK);
      const view = await recordView(tx, share, recipientId, client, now);
      await tx.recipient.update({ where: { id: recipientId }, data: { viewStartedAt: now, viewWindowEndsAt: new Date(now.getTime() + VIEW_WINDOW_MS), viewId: view.id, readmittedAt: null } });
      return { accessedAt: now, consumed: true };
    },
    // Many recipients may open one link at the same moment: wait for a connection rather than fail.
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/**
 * A view's ViewEvent and its log entry. The view's time is the one its copies are marked with (accessedAt), so a
 * receipt names the mark the reader saw (a room's item opened later in a window: the time it was opened); its page
 * images carry its invisible code, derived from the current key (lib/domain/reader/view-code.ts).
 */
async function recordView(tx: Prisma.TransactionClient, share: { id: string; ideaId: number; idea?: { version: number | null } }, recipientId: string, client: ClientInfo, now: Date) {
  const view = await tx.viewEvent.create({
    data: { shareId: share.id, recipientId, ideaId: share.ideaId, version: share.idea?.version ?? null, ip: client.ip, userAgent: client.userAgent, viewedAt: now, pageCodeKeyId: pageCodeKeyId() },
    select: { id: true, version: true },
  });
  await appendEvidence(tx, {
    ideaId: share.ideaId,
    type: "view",
    data: { shareId: share.id, recipientId, viewId: view.id, version: view.version },
    personal: { ip: client.ip, userAgent: client.userAgent },
    recipientId,
  });
  return view;
}

/** A PDF idea's content as a recipient receives it: pdfPath null unless its link allows downloads. */
type RecipientPdfContent = { type: "pdf"; fileName: string; pdfPath: string | null };

function isPdfContent(c: ClientContent): c is { type: "pdf"; fileName: string; pdfPath: string } {
  return typeof c === "object" && c !== null && "type" in c && c.type === "pdf";
}

/** GET /api/share/{token}'s answer (client/types.ts SharedIdea). */
export type SharedIdeaResult = {
  idea: {
    id: number;
    title: string;
    user: { name: string };
    content?: ClientContent | RecipientPdfContent;
    /** The version the link shows ('Version {number} of {of} · published {date}'); nulls for a never-published idea. */
    version?: { number: number | null; of: number | null; publishedAt: Date | null };
  };
  shareType: ShareTypeValue;
  /** The link's options: the viewer offers the marked PDF only with allowDownload. */
  allowDownload: boolean;
  screenShield: boolean;
  /** False, the recipient reads without accepting an agreement. */
  requireNda: boolean;
  /**
   * The address an e-mail link was sent to when it went to one (the form shows it pre-filled and locked;
   * createRecipient still refuses any other); null on other links and on one sent to several addresses, whose
   * reader types the one they were invited at.
   */
  invitedEmail: string | null;
  recipient: PresentedRecipient | null;
  accessedAt?: Date;
  /** With the content: the recipient's NDA acceptance (its certificate: GET /api/ndas/{id}/certificate.pdf). */
  ndaId?: string | null;
  /** With the content: the identity line the viewer overlays on it (lib/domain/files/watermark.ts watermarkText). */
  watermark?: string;
  /** With the content: the reader proved their address with a code (they may have their receipt e-mailed). */
  addressProven?: boolean;
};

/**
 * GET /api/share/{token}'s answer: the link as getSharedIdea gives it, or `{requiresPasscode: true, sender}` (the owner's
 * display name, nothing about the idea) while a link's passcode is missing.
 */
export async function lookupSharedIdea(share: ShareSummary, secrets: RecipientSecrets, client: ClientInfo, passcodes: PasscodeProofs): Promise<SharedIdeaResult | PasscodeRequired> {
  try {
    return await sharedIdeaOf(share, secrets, client, passcodes);
  } catch (err) {
    if (err instanceof PasscodeRequiredError) return passcodeRequired(share.senderName);
    throw err;
  }
}

/**
 * GET /api/share/{token}: what anyone holding a live link may see (title, owner's name, type, their own
 * recipient), plus the content for the session's recipient once it may read — which consumes a view.
 */
export async function getSharedIdea(token: string, secrets: RecipientSecrets, client: ClientInfo, passcodes: PasscodeProofs = NO_PASSCODE_PROOFS): Promise<SharedIdeaResult> {
  const share = await shareByToken(token);
  if (!share || isDead(share)) throw new NotFoundError(INVALID_LINK);
  return sharedIdeaOf(share, secrets, client, passcodes);
}

/**
 * The same for a live link already looked up: GET /api/share/{token} finds it together with its failed-lookup
 * counter (lib/features/api/share-lookup.ts), in one statement.
 */
export async function sharedIdeaOf(share: ShareSummary, secrets: RecipientSecrets, client: ClientInfo, passcodes: PasscodeProofs = NO_PASSCODE_PROOFS): Promise<SharedIdeaResult> {
  const recipient = await linkRecipient(share, secrets, passcodes);
  // The version the link shows ('Version {n} of {N} · published {date}'); null fields for a never-published idea.
  const version = { number: share.idea.version, of: share.idea.versionCount, publishedAt: share.idea.versionPublishedAt };
  const idea = { id: share.idea.id, title: share.idea.title, user: { name: share.senderName }, version };
  const base = linkFields(share, recipient);
  return deliverIdea(share, recipient, idea, base, client);
}

/**
 * The recipient this browser holds on the link, if the link is open for it (else the 404), once it proved the link's
 * passcode (else PasscodeRequiredError: nothing about the idea or room before it).
 */
export async function linkRecipient(share: ShareSummary | RoomLinkSummary, secrets: RecipientSecrets, passcodes: PasscodeProofs) {
  const recipient = await heldRecipient(share, secrets);
  // This browser had its one view of a one-time link: it is told so (other browsers get the plain 404 below).
  if (recipient && !isDead(share) && usedItsOneTimeView(share, recipient, isRoomLink(share))) throw new OneTimeLinkUsedError(senderOf(share));
  if (!isOpenFor(share, recipient)) throw new NotFoundError(INVALID_LINK);
  if (share.passcodeHash !== null) {
    // Nothing about the idea before the passcode: the browser's cookie, or its recipient's mark, proves it.
    const proven = holdsPasscode(share, passcodes);
    if (!proven && !recipient?.passcodeGivenAt) throw new PasscodeRequiredError();
    if (proven && recipient && !recipient.passcodeGivenAt) {
      recipient.passcodeGivenAt = new Date();
      await markPasscodeGiven(share, { id: recipient.id }, recipient.passcodeGivenAt);
    }
  }
  return recipient;
}

/** A link to a room, whether read as the room's index or as one of its items (whose lookup has no `room`). */
function isRoomLink(share: ShareSummary | RoomLinkSummary) {
  return "room" in share || share.roomId !== null;
}

/** The link's owner as its recipients see them named (the brand's display name, else the account name). */
function senderOf(share: ShareSummary | RoomLinkSummary) {
  return share.senderName;
}

/**
 * GET /api/share/{token}/refusal: the server's own words for why this browser cannot open a live link, when it has
 * any (a one-time link it already opened); null otherwise, the same as for a browser that never held it.
 */
export async function refusalFor(share: ShareSummary | RoomLinkSummary, secrets: RecipientSecrets): Promise<string | null> {
  if (isDead(share)) return null;
  const held = await heldRecipient(share, secrets);
  return held && usedItsOneTimeView(share, held, isRoomLink(share)) ? new OneTimeLinkUsedError(senderOf(share)).message : null;
}

/**
 * This browser's newest recipient on the link. One whose address the link or its owner now blocks holds no session
 * (lib/domain/gate/index.ts addressAllowed): it is answered as a newcomer, whose identify is refused.
 */
async function heldRecipient(share: ShareSummary | RoomLinkSummary, secrets: RecipientSecrets) {
  const hashes = secretHashes(secrets);
  const held = hashes.length
    ? await db.recipient.findFirst({ where: { shareId: share.id, secretHash: { in: hashes } }, orderBy: { createdAt: "desc" } })
    : null;
  return held && addressAllowed(share, held) ? held : null;
}

/** An e-mail link's one address (several: none is the reader's to pre-fill). */
function invitedEmailOf(share: Pick<ShareSummary, "shareType" | "recipientEmails">) {
  return share.shareType === "email" && share.recipientEmails.length === 1 ? share.recipientEmails[0] : null;
}

/** What a recipient's screens are told of the link itself, idea or room link alike. */
export function linkFields(share: ShareSummary | RoomLinkSummary, recipient: Recipient | null) {
  return { shareType: shareTypeToApi(share.shareType), allowDownload: share.allowDownload, screenShield: share.screenShield, requireNda: share.requireNda, invitedEmail: invitedEmailOf(share), recipient: recipient ? presentRecipient(recipient, share) : null };
}

async function deliverIdea(share: ShareSummary, recipient: Recipient | null, idea: SharedIdeaResult["idea"], base: ReturnType<typeof linkFields>, client: ClientInfo): Promise<SharedIdeaResult> {
  if (!isAdmitted(share, recipient)) return { idea, ...base };
  const { accessedAt } = await consumeShareView(share, recipient.id, client);
  // Later views skip the claim entirely: the marker is already on the row read above.
  if (recipient.firstViewNotifiedAt === null) {
    // The webhook's key makes it once per recipient and endpoint, whichever of racing views gets here.
    const event = firstViewEvent({
      ideaId: share.idea.id,
      shareId: share.id,
      version: share.idea.version,
      viewedAt: accessedAt,
      recipient: { id: recipient.id, name: recipient.name, email: recipient.email },
      room: share.viaRoom ?? null,
    });
    kickWebhookDeliveries(await queueWebhookEvent(db, event));
    await notifyFirstView(recipient.id);
  }
  // The (possibly large) ciphertext is read only when it is delivered, not for every lookup; the agreement's id
  // (the viewer's certificate link) comes with it.
  const [{ contentCiphertext }, nda] = await Promise.all([
    shownVersion(share),
    db.ndaAcceptance.findUnique({ where: { recipientId: recipient.id }, select: { id: true } }),
  ]);
  const opened = toClientContent(openContent(share.idea.ownerId, contentCiphertext));
  // Without downloads the recipient reads page images (/api/share/{token}/pages) and never learns the PDF's address.
  const content = isPdfContent(opened) && !share.allowDownload ? { ...opened, pdfPath: null } : opened;
  const watermark = watermarkText({ name: recipient.name, email: recipient.email, accessedAt });
  return { idea: { ...idea, content }, ...base, accessedAt, ndaId: nda?.id ?? null, watermark, addressProven: recipient.emailVerifiedAt !== null };
}
