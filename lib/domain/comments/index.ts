import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { sha256Hex } from "@/lib/platform/crypto";
import { db } from "@/lib/platform/db";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError, presentOr404 } from "@/lib/platform/http/errors";
import { notifyCommentAdded } from "@/lib/domain/notifications";
import { kickWebhookDeliveries } from "@/lib/domain/webhooks/deliver";
import { commentCreatedEvent } from "@/lib/domain/webhooks/events";
import { queueWebhookEvent } from "@/lib/domain/webhooks/queue";
import { addressAllowed, gateShareInclude, isAdmitted } from "@/lib/domain/gate";
import { INVALID_LINK, isOpenFor } from "@/lib/domain/gate/link-state";
import { isTokenShaped, secretHashes, type ClientInfo, type RecipientSecrets } from "@/lib/domain/gate/secrets";
import { ITEM_NOT_FOUND as ROOM_ITEM_NOT_FOUND } from "@/lib/domain/rooms/recipient";
import type { Comment, Prisma } from "@/lib/generated/prisma/client";
import { commentSchema, type CommentInput } from "@/lib/domain/validation/sharing";

export const IDENTIFY_FIRST = "Please identify yourself first.";
export const ACCEPT_FIRST = "Please accept the agreement first.";
export const NOT_YOUR_RECIPIENT = "You can only comment as yourself.";
export const WHICH_LINK = "Several shared documents are open in this browser. Say which one: add ?token= with its access link.";
export const WHICH_ROOM_ITEM = "This link is to a room: say which of its documents the comments are on (ideaId).";
export const NOT_ON_THIS_LINK = "This document is not shared through this link.";

/** What narrows the caller's recipient sessions to the one a call is about; the viewer always sends the token. */
type CommentScope = { ideaId?: number; recipientId?: string; token?: string | null };

/** The room a comment came through (its recipient's link is a room link), else null. */
export type CommentRoom = { id: string; name: string } | null;

export function presentComment(c: Comment, room: CommentRoom = null) {
  const anchor = c.anchorUnit && c.anchorN ? { unit: c.anchorUnit, n: c.anchorN } : null;
  return {
    id: c.id,
    recipientId: c.recipientId,
    author: c.author,
    content: c.content,
    createdAt: c.createdAt,
    authorRole: c.authorRole,
    parentId: c.parentId,
    room,
    /** The page (PDF idea) or section (HTML idea) the reader was on when writing it; null for a reply. */
    anchor,
  };
}

const roomSelect = { select: { id: true, name: true } } as const;

/**
 * The recipient session allowed to comment: this browser's recipient of a link that is still open for it,
 * restricted to one link (its token), one idea or one recipient when asked. 401 without a session (a recipient
 * whose address the link or its owner blocks holds none), 404 when its link is dead, 403 before the agreement.
 * Unscoped, a browser holding readers of several links gets a 400 instead of whichever is newest: a panel must never
 * show (or post to) another link's comments.
 */
async function commentingRecipient(secrets: RecipientSecrets, only: CommentScope = {}) {
  if (only.token != null && !isTokenShaped(only.token)) throw new NotFoundError(INVALID_LINK);
  const hashes = secretHashes(secrets);
  // The token names one link, which the idea must then be on (commentTarget); without it the idea picks the links that
  // open it: its idea links and the links to rooms that hold it.
  const shareFilter: Prisma.ShareWhereInput =
    only.token != null ? { accessLink: only.token } : only.ideaId ? { OR: [{ ideaId: only.ideaId }, { room: { items: { some: { ideaId: only.ideaId } } } }] } : {};
  const recipients = hashes.length
    ? await db.recipient.findMany({
        where: { secretHash: { in: hashes }, ...(only.recipientId ? { id: only.recipientId } : {}), share: shareFilter },
        include: { share: { include: { ...gateShareInclude, room: roomSelect } } },
        orderBy: { createdAt: "desc" },
      })
    : [];
  // A recipient whose address the link or its owner now blocks holds no session (lib/domain/gate/index.ts addressAllowed).
  const held = recipients.filter((r) => addressAllowed(r.share, r));
  if (held.length === 0) throw new UnauthorizedError(IDENTIFY_FIRST);
  const open = held.filter((r) => isOpenFor(r.share, r));
  const readers = open.filter((r) => isAdmitted(r.share, r));
  if (new Set(readers.map((r) => r.shareId)).size > 1) throw new ValidationError(WHICH_LINK);
  const reader = readers[0];
  if (reader) return reader;
  if (open.length) throw new ForbiddenError(ACCEPT_FIRST);
  throw new NotFoundError(INVALID_LINK);
}

type CommentingRecipient = Awaited<ReturnType<typeof commentingRecipient>>;

/**
 * The idea a recipient's comments are on: its idea link's idea, or the room link's item `ideaId` names (required: a
 * room's comments are per item). An idea the link does not open, an item removed from the room or another room's idea
 * is the 404, on the next call after the owner removed it.
 */
async function commentTarget(recipient: CommentingRecipient, ideaId: number | undefined): Promise<{ ideaId: number; room: CommentRoom }> {
  const { share } = recipient;
  if (share.ideaId !== null) {
    if (ideaId !== undefined && ideaId !== share.ideaId) throw new NotFoundError(NOT_ON_THIS_LINK);
    return { ideaId: share.ideaId, room: null };
  }
  const room = presentOr404(share.room, INVALID_LINK);
  if (ideaId === undefined) throw new ValidationError(WHICH_ROOM_ITEM);
  const item = await db.roomItem.findUnique({ where: { roomId_ideaId: { roomId: room.id, ideaId } }, select: { ideaId: true } });
  if (!item) throw new NotFoundError(ROOM_ITEM_NOT_FOUND);
  return { ideaId, room };
}

/**
 * GET /api/comments: the signed-in owner of the idea gets every comment on it, each naming the room it came through
 * (null for an idea link's); a recipient gets those made through its own share link: the link `token` names (what
 * the viewer always sends), else the one link this browser reads (several: 400, never a guess). A room link's are
 * per item: `ideaId` names it. Oldest first.
 */
export async function listComments(opts: { ideaId?: number | null; token?: string | null; userId?: string | null; secrets: RecipientSecrets }) {
  const { ideaId, token, userId, secrets } = opts;
  if (ideaId != null && userId) {
    const owned = await db.idea.findFirst({ where: { id: ideaId, ownerId: userId }, select: { id: true } });
    if (owned) {
      const all = await db.comment.findMany({
        where: { ideaId },
        include: { recipient: { select: { share: { select: { room: roomSelect } } } } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return all.map(({ recipient, ...c }) => presentComment(c, recipient.share.room));
    }
  }
  const recipient = await commentingRecipient(secrets, { ...(ideaId != null ? { ideaId } : {}), token });
  const target = await commentTarget(recipient, ideaId ?? undefined);
  const comments = await db.comment.findMany({
    where: { ideaId: target.ideaId, recipient: { shareId: recipient.shareId } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return comments.map((c) => presentComment(c, target.room));
}

/**
 * POST /api/comments, first half: the recipient the comment is posted as (scoped like the list: to the link `token`
 * names and/or the body's recipientId), the idea it is on (a room link's item: `ideaId`) and the checked input. The
 * route counts the commenter's limit on it (rateLimits.comment) before postComment stores anything; a refused
 * commenter uses none of it.
 */
export async function commentAuthor(raw: CommentInput, secrets: RecipientSecrets, token?: string | null, ideaId?: number | null) {
  // The handler parses too; parsing here keeps every caller (jobs, tests) inside the limits.
  const input = commentSchema.parse(raw);
  if (input.recipientId) {
    const hashes = secretHashes(secrets);
    if (hashes.length === 0) throw new UnauthorizedError(IDENTIFY_FIRST);
    const mine = await db.recipient.findFirst({ where: { id: input.recipientId, secretHash: { in: hashes } }, select: { id: true } });
    if (!mine) throw new ForbiddenError(NOT_YOUR_RECIPIENT);
  }
  const scope = { ...(input.recipientId ? { recipientId: input.recipientId } : {}), ...(ideaId != null ? { ideaId } : {}), token };
  const recipient = await commentingRecipient(secrets, scope);
  const target = await commentTarget(recipient, ideaId ?? undefined);
  return { recipient, target, input };
}

export type CommentAuthor = Awaited<ReturnType<typeof commentAuthor>>;

/** Both halves of POST /api/comments, for callers that are not requests (no request limit applies to them). */
export async function addComment(raw: CommentInput, secrets: RecipientSecrets, token?: string | null, client?: ClientInfo, ideaId?: number | null) {
  return postComment(await commentAuthor(raw, secrets, token, ideaId), client);
}

async function ideaKind(tx: Prisma.TransactionClient, ideaId: number) {
  return (await tx.idea.findUniqueOrThrow({ where: { id: ideaId }, select: { kind: true } })).kind;
}

/**
 * Stores the comment on its idea (a room link's: the item's) under the recipient's own name whatever the body said;
 * content trimmed, 1..2000, anchored to the page or section `page` names when sent. Its log entry in that idea's log (the content's digest, never the text) is written with it.
 */
export async function postComment({ recipient, target, input }: CommentAuthor, client?: ClientInfo) {
  const comment = await db.$transaction(async (tx) => {
    // A PDF idea is read page by page, any other section by section: the unit is the idea's, never the client's word.
    const anchor = input.page != null ? { anchorUnit: (await ideaKind(tx, target.ideaId)) === "pdf" ? ("page" as const) : ("section" as const), anchorN: input.page } : {};
    const created = await tx.comment.create({
      data: { ideaId: target.ideaId, recipientId: recipient.id, author: recipient.name, content: input.content.trim(), ...anchor },
    });
    await appendEvidence(tx, {
      ideaId: created.ideaId,
      type: "comment",
      data: {
        shareId: recipient.shareId,
        recipientId: recipient.id,
        commentId: created.id,
        contentSha256: sha256Hex(Buffer.from(created.content, "utf8")),
        ...(created.anchorUnit ? { anchor: { unit: created.anchorUnit, n: created.anchorN } } : {}),
      },
      personal: { name: created.author, ip: client?.ip, userAgent: client?.userAgent },
      recipientId: recipient.id,
    });
    return created;
  });
  const event = commentCreatedEvent({
    id: comment.id,
    ideaId: comment.ideaId,
    shareId: recipient.shareId,
    createdAt: comment.createdAt,
    recipient: { id: recipient.id, name: recipient.name, email: recipient.email },
    room: target.room,
  });
  kickWebhookDeliveries(await queueWebhookEvent(db, event));
  await notifyCommentAdded(comment.id);
  return presentComment(comment, target.room);
}
