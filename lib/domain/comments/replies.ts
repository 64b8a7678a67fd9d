import "server-only";
import { appendEvidence } from "@/lib/domain/evidence-log/append";
import { sha256Hex } from "@/lib/platform/crypto";
import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import { presentComment } from "@/lib/domain/comments";
import { notifyOwnerReply } from "@/lib/domain/notifications";
import { replySchema, type ReplyInput } from "@/lib/domain/validation/sharing";

export const COMMENT_NOT_FOUND = "Comment not found";
const MAX_ID_CHARS = 100;

/**
 * POST /api/comments/{id}/replies: the idea's owner answers a comment. The reply belongs to the same recipient as the
 * comment, so it shows in that link's comment panel, and hangs under the thread's first comment (answering a reply
 * answers its thread). Another creator's comment or an unknown id is a 404. The recipient is e-mailed a link back to
 * the document when its address was proven by a code.
 */
export async function addOwnerReply(ownerId: string, commentId: string, raw: ReplyInput) {
  const input = replySchema.parse(raw);
  return replyTo(await ownedCommentOr404(ownerId, commentId), input);
}

/** A comment on one of the owner's ideas, or the 404 (another creator's comment or an unknown id). */
export async function ownedCommentOr404(ownerId: string, commentId: string) {
  if (!commentId || commentId.length > MAX_ID_CHARS) throw new NotFoundError(COMMENT_NOT_FOUND);
  const parent = await db.comment.findFirst({
    where: { id: commentId, idea: { ownerId } },
    select: {
      id: true,
      parentId: true,
      recipientId: true,
      ideaId: true,
      idea: { select: { owner: { select: { name: true, brandName: true } } } },
      // The room the thread came through, which the answer names as the comment does.
      recipient: { select: { share: { select: { room: { select: { id: true, name: true } } } } } },
    },
  });
  if (!parent) throw new NotFoundError(COMMENT_NOT_FOUND);
  return parent;
}

/** The owner's answer to a comment ownedCommentOr404 found (the route counts its limit in between). */
export async function replyTo(parent: Awaited<ReturnType<typeof ownedCommentOr404>>, raw: ReplyInput) {
  const input = replySchema.parse(raw);
  const reply = await db.$transaction(async (tx) => {
    const created = await tx.comment.create({
      data: {
        ideaId: parent.ideaId,
        recipientId: parent.recipientId,
        // Signed as the reader knows the owner: the brand's display name, else the account name.
        author: parent.idea.owner.brandName ?? parent.idea.owner.name,
        content: input.content.trim(),
        authorRole: "owner",
        parentId: parent.parentId ?? parent.id,
      },
    });
    await appendEvidence(tx, {
      ideaId: created.ideaId,
      type: "reply",
      data: { recipientId: created.recipientId, commentId: created.id, parentId: created.parentId, contentSha256: sha256Hex(Buffer.from(created.content, "utf8")) },
    });
    return created;
  });
  // The recipient hears of it by e-mail when its address was proven (lib/domain/notifications), after this answer.
  await notifyOwnerReply(reply.id);
  return presentComment(reply, parent.recipient.share.room);
}
