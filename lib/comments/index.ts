import "server-only";
import { db } from "@/lib/db";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "@/lib/api/errors";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { mayRead } from "@/lib/recipients";
import { notifyCommentAdded } from "@/lib/notifications";
import { INVALID_LINK, isOpenFor, secretHashes, type ClientInfo, type RecipientSecrets } from "@/lib/shares/access";
import type { Comment } from "@/lib/generated/prisma/client";
import { commentSchema, type CommentInput } from "@/lib/validation/sharing";

export const IDENTIFY_FIRST = "Please identify yourself first.";
export const ACCEPT_FIRST = "Please accept the agreement first.";
export const NOT_YOUR_RECIPIENT = "You can only comment as yourself.";

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
 * The recipient session allowed to comment: this browser's (newest) recipient of a link that is still open for
 * it, restricted to one idea or one recipient when asked. 401 without a session, 404 when its link is dead,
 * 403 before the agreement.
 */
async function commentingRecipient(secrets: RecipientSecrets, only: { ideaId?: number; recipientId?: string } = {}) {
  const hashes = secretHashes(secrets);
  const recipients = hashes.length
    ? await db.recipient.findMany({
        where: { secretHash: { in: hashes }, ...(only.recipientId ? { id: only.recipientId } : {}), ...(only.ideaId ? { share: { ideaId: only.ideaId } } : {}) },
        include: { share: true },
        orderBy: { createdAt: "desc" },
      })
    : [];
  if (recipients.length === 0) throw new UnauthorizedError(IDENTIFY_FIRST);
  const open = recipients.filter((r) => isOpenFor(r.share, r));
  const reader = open.find((r) => mayRead(r, r.share.shareType));
  if (reader) return reader;
  if (open.length) throw new ForbiddenError(ACCEPT_FIRST);
  throw new NotFoundError(INVALID_LINK);
}

/**
 * GET /api/comments: the signed-in owner of the idea gets every comment on it; a recipient gets those made
 * through its own share link. Without an idea: the idea of the caller's newest recipient session. Oldest first.
 */
export async function listComments(opts: { ideaId?: number | null; userId?: string | null; secrets: RecipientSecrets }) {
  const { ideaId, userId, secrets } = opts;
  if (ideaId != null && userId) {
    const owned = await db.idea.findFirst({ where: { id: ideaId, ownerId: userId }, select: { id: true } });
    if (owned) {
      const all = await db.comment.findMany({ where: { ideaId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      return all.map(presentComment);
    }
  }
  const recipient = await commentingRecipient(secrets, ideaId != null ? { ideaId } : {});
  const comments = await db.comment.findMany({
    where: { ideaId: recipient.share.ideaId, recipient: { shareId: recipient.shareId } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return comments.map(presentComment);
}

/** POST /api/comments: stored under the recipient's own name whatever the body says; content trimmed, 1..2000. */
export async function addComment(raw: CommentInput, secrets: RecipientSecrets, client: ClientInfo) {
  // The handler parses too; parsing here keeps every caller (jobs, tests) inside the limits.
  const input = commentSchema.parse(raw);
  if (input.recipientId) {
    const hashes = secretHashes(secrets);
    if (hashes.length === 0) throw new UnauthorizedError(IDENTIFY_FIRST);
    const mine = await db.recipient.findFirst({ where: { id: input.recipientId, secretHash: { in: hashes } }, select: { id: true } });
    if (!mine) throw new ForbiddenError(NOT_YOUR_RECIPIENT);
  }
  const recipient = await commentingRecipient(secrets, input.recipientId ? { recipientId: input.recipientId } : {});
  await enforceRateLimits(rateLimits.comment(recipient.id, client.ip));
  const comment = await db.comment.create({
    data: { ideaId: recipient.share.ideaId, recipientId: recipient.id, author: recipient.name, content: input.content.trim() },
  });
  await notifyCommentAdded(comment.id);
  return presentComment(comment);
}
