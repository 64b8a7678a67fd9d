import "server-only";
import { db } from "@/lib/platform/db";
import { sendEmail } from "@/lib/platform/email";
import { commentEmail, ownerReplyEmail } from "@/lib/platform/email/templates";
import { runAfterResponse } from "@/lib/platform/server/after-response";
import { isDead } from "@/lib/domain/gate/link-state";
import { viewLink } from "@/lib/domain/gate/view-link";
import { linkOrigin } from "@/lib/domain/notifications/origin";
import { recipientMailOfShare } from "@/lib/domain/brand";
import { queueOwnerNotification, shareScreenUrl } from "@/lib/domain/notifications/queue";

export { shareScreenUrl };

/**
 * The owner's e-mails about their recipients: NDA accepted, first view, comment. Each is handled after the
 * recipient's answer (runAfterResponse): a slow or failing mail never delays or fails the recipient, and a
 * switched-off kind (User.notify*) sends nothing. Agreement and first view are queued and mailed one mail per
 * recipient burst by the owner-mail job (./queue.ts); a comment is mailed at once, with its text.
 */

/**
 * After an NDA acceptance was recorded (once per recipient: call it only when the record was created). Queued, not
 * sent: the owner gets one mail per burst of this recipient's events (lib/domain/notifications/queue.ts).
 */
export async function notifyNdaAccepted(acceptanceId: string) {
  const origin = await linkOrigin();
  await runAfterResponse("nda-accepted notification", async () => {
    const acceptance = await db.ndaAcceptance.findUnique({ where: { id: acceptanceId }, select: { recipientId: true, acceptedAt: true } });
    if (!acceptance) return;
    await queueOwnerNotification({ kind: "ndaAccepted", sourceId: acceptanceId, recipientId: acceptance.recipientId, occurredAt: acceptance.acceptedAt, origin });
  });
}

/**
 * After content was delivered to a recipient. One event per recipient whatever the number of reloads, views or
 * parallel requests: only the caller whose UPDATE … WHERE "firstViewNotifiedAt" IS NULL claimed the marker
 * queues it (and the queue keeps one row per recipient anyway). A switched-off owner's recipients are marked too,
 * so turning the switch on later does not announce old first views. If the event could not be queued the marker
 * is released, so the next view tries again.
 */
export async function notifyFirstView(recipientId: string) {
  const origin = await linkOrigin();
  await runAfterResponse("first-view notification", async () => {
    const claimed = await db.$queryRaw<{ id: string }[]>`
      UPDATE "Recipient" SET "firstViewNotifiedAt" = (now() AT TIME ZONE 'UTC')
      WHERE "id" = ${recipientId} AND "firstViewNotifiedAt" IS NULL
      RETURNING "id"`;
    if (claimed.length !== 1) return;
    try {
      const first = await db.viewEvent.findFirst({ where: { recipientId }, orderBy: { viewedAt: "asc" }, select: { viewedAt: true } });
      await queueOwnerNotification({ kind: "firstView", sourceId: recipientId, recipientId, occurredAt: first?.viewedAt ?? new Date(), origin });
    } catch (err) {
      await db.recipient.updateMany({ where: { id: recipientId }, data: { firstViewNotifiedAt: null } });
      throw err;
    }
  });
}

/**
 * After a recipient's comment was stored (the owner's own replies are not announced to the owner). A comment through a
 * room link is on one of its ideas: the mail names the idea and the room, and links the idea's share screen, where the
 * comment is answered.
 */
export async function notifyCommentAdded(commentId: string) {
  const origin = await linkOrigin();
  await runAfterResponse("comment notification", async () => {
    const comment = await db.comment.findUnique({
      where: { id: commentId },
      select: {
        content: true,
        createdAt: true,
        authorRole: true,
        author: true,
        idea: { select: { id: true, title: true, owner: { select: { email: true, notifyComments: true } } } },
        recipient: { select: { email: true, share: { select: { room: { select: { name: true } } } } } },
      },
    });
    if (!comment || comment.authorRole !== "recipient") return;
    const { idea } = comment;
    if (!idea.owner.notifyComments) return;
    const mail = await commentEmail({
      recipient: { name: comment.author, email: comment.recipient.email },
      idea: { id: idea.id, title: idea.title },
      roomName: comment.recipient.share.room?.name ?? null,
      content: comment.content,
      createdAt: comment.createdAt,
      shareScreenUrl: shareScreenUrl(origin, idea.id),
    });
    await sendEmail({ to: idea.owner.email, ...mail });
  });
}

/**
 * After the owner answered a comment: the recipient who wrote it is told, with a link back to the document
 * (/view/{token}) — only when its address was proven by a code (anyone can type any address on other links, and
 * mail must never go to an address nobody proved), and only while the link still opens.
 */
export async function notifyOwnerReply(replyId: string) {
  const origin = await linkOrigin();
  await runAfterResponse("owner-reply notification", async () => {
    const reply = await db.comment.findUnique({
      where: { id: replyId },
      select: {
        authorRole: true,
        author: true,
        content: true,
        recipient: {
          select: {
            name: true,
            email: true,
            emailVerifiedAt: true,
            declinedAt: true,
            share: { select: { id: true, accessLink: true, shareType: true, maxViews: true, viewCount: true, revokedAt: true, expiresAt: true, createdById: true } },
          },
        },
        // The idea commented on: a room link's item, or the idea link's own idea.
        idea: { select: { title: true } },
      },
    });
    if (!reply || reply.authorRole !== "owner") return;
    const { recipient } = reply;
    if (!recipient.emailVerifiedAt || recipient.declinedAt || isDead(recipient.share)) return;
    // Signed by the owner's brand like the invitation: From '{display name} via IdeaVault'; Reply-To the owner only where
    // the reader has that address already or the owner shows it.
    const { fromName, replyTo, brand } = await recipientMailOfShare(recipient.share.id, origin);
    const mail = await ownerReplyEmail({
      recipientName: recipient.name,
      ownerName: reply.author,
      ideaTitle: reply.idea.title,
      reply: reply.content,
      link: viewLink(origin, recipient.share.accessLink),
      brand,
    });
    await sendEmail({ to: recipient.email, fromName, replyTo, ...mail });
  });
}
