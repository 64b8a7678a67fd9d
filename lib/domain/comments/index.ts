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
import type { Comment } from "@/lib/generated/prisma/client";
import { commentSchema, type CommentInput } from "@/lib/domain/validation/sharing";

export const IDENTIFY_FIRST = "Please identify yourself first.";
export const ACCEPT_FIRST = "Please accept the agreement first.";
export const NOT_YOUR_RECIPIENT = "You can only comment as yourself.";
export const WHICH_LINK = "Several shared documents are open in this browser. Say which one: add ?token= with its access link.";

/** What narrows the caller's recipient sessions to the one a call is about; the viewer always sends the token. */
type CommentScope = { ideaId?: number; recipientId?: string; token?: string | null };

export function presentComment(c: Comment) {
  return {
    id: c.id,
    recipientId: c.recipientId,
    author: c.author,
    content: c.content,
    createdAt: c.createdAt,
    authorRole: c.authorRole,
    parentId: c.parentId,
  };
}

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
  const shareFilter = { ...(only.ideaId ? { ideaId: only.ideaId } : {}), ...(only.token != null ? { accessLink: only.token } : {}) };
  const recipients = hashes.length
    ? await db.recipient.findMany({
        where: { secretHash: { in: hashes }, ...(only.recipientId ? { id: only.recipientId } : {}), share: shareFilter },
        include: { share: { include: gateShareInclude } },
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

/**
 * GET /api/comments: the signed-in owner of the idea gets every comment on it; a recipient gets those made
 * through its own share link: the link `token` names (what the viewer always sends), else the one link this
 * browser reads (several: 400, never a guess). Oldest first.
 */
export async function listComments(opts: { ideaId?: number | null; token?: string | null; userId?: string | null; secrets: RecipientSecrets }) {
  const { ideaId, token, userId, secrets } = opts;
  if (ideaId != null && userId) {
    const owned = await db.idea.findFirst({ where: { id: ideaId, ownerId: userId }, select: { id: true } });
    if (owned) {
      const all = await db.comment.findMany({ where: { ideaId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      return all.map(presentComment);
    }
  }
  const recipient = await commentingRecipient(secrets, { ...(ideaId != null ? { ideaId } : {}), token });
  const comments = await db.comment.findMany({
    // Comments are on an idea: a room link has none yet (the link's 404).
    where: { ideaId: presentOr404(recipient.share.ideaId, INVALID_LINK), recipient: { shareId: recipient.shareId } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return comments.map(presentComment);
}

/**
 * POST /api/comments, first half: the recipient the comment is posted as (scoped like the list: to the link `token`
 * names and/or the body's recipientId) and the checked input. The route counts the commenter's limit on it
 * (rateLimits.comment) before postComment stores anything; a refused commenter uses none of it.
 */
export async function commentAuthor(raw: CommentInput, secrets: RecipientSecrets, token?: string | null) {
  // The handler parses too; parsing here keeps every caller (jobs, tests) inside the limits.
  const input = commentSchema.parse(raw);
  if (input.recipientId) {
    const hashes = secretHashes(secrets);
    if (hashes.length === 0) throw new UnauthorizedError(IDENTIFY_FIRST);
    const mine = await db.recipient.findFirst({ where: { id: input.recipientId, secretHash: { in: hashes } }, select: { id: true } });
    if (!mine) throw new ForbiddenError(NOT_YOUR_RECIPIENT);
  }
  const recipient = await commentingRecipient(secrets, { ...(input.recipientId ? { recipientId: input.recipientId } : {}), token });
  return { recipient, input };
}

export type CommentAuthor = Awaited<ReturnType<typeof commentAuthor>>;

/** Both halves of POST /api/comments, for callers that are not requests (no request limit applies to them). */
export async function addComment(raw: CommentInput, secrets: RecipientSecrets, token?: string | null, client?: ClientInfo) {
  return postComment(await commentAuthor(raw, secrets, token), client);
}

/**
 * Stores the comment under the recipient's own name whatever the body said; content trimmed, 1..2000. Its log entry
 * (the content's digest, never the text) is written with it.
 */
export async function postComment({ recipient, input }: CommentAuthor, client?: ClientInfo) {
  const comment = await db.$transaction(async (tx) => {
    const created = await tx.comment.create({
      data: { ideaId: presentOr404(recipient.share.ideaId, INVALID_LINK), recipientId: recipient.id, author: recipient.name, content: input.content.trim() },
    });
    await appendEvidence(tx, {
      ideaId: created.ideaId,
      type: "comment",
      data: { shareId: recipient.shareId, recipientId: recipient.id, commentId: created.id, contentSha256: sha256Hex(Buffer.from(created.content, "utf8")) },
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
  });
  kickWebhookDeliveries(await queueWebhookEvent(db, event));
  await notifyCommentAdded(comment.id);
  return presentComment(comment);
}
