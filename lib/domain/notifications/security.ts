import "server-only";
import { db } from "@/lib/platform/db";
import { sendEmail } from "@/lib/platform/email";
import { passcodeGuessingEmail } from "@/lib/platform/email/templates";
import { runAfterResponse } from "@/lib/platform/server/after-response";
import { linkOrigin } from "@/lib/domain/notifications/origin";
import { linkLabel, shareScreenUrl } from "@/lib/domain/notifications/queue";

/**
 * Security alerts to a link's owner. Unlike the mails about recipients (./index.ts) they have no switch on /profile:
 * an owner who turned every notification off still hears that someone is attacking their link.
 */

/**
 * The link's wrong passcodes across all addresses reached the ceiling of its window (lib/domain/recipients/passcode.ts), which
 * ends at `windowEndsAt`. One mail per window however many guesses arrive at once: the window's marker row is
 * inserted by exactly one caller (ON CONFLICT DO NOTHING), and only that caller mails. The marker lives in the
 * rate-limit table and expires with the window; a mail that fails is logged and its marker removed, so a later
 * caller for the window may still send it. Sent after the guesser's answer, which it never delays.
 */
export async function notifyPasscodeGuessing(shareId: string, window: { wrongTries: number; windowEndsAt: Date }) {
  const origin = await linkOrigin();
  await runAfterResponse("passcode-guessing alert", async () => {
    const key = `passcode:alerted:${shareId}:${window.windowEndsAt.getTime()}`;
    const claimed = await db.rateLimit.createMany({ data: [{ key, count: 1, resetAt: window.windowEndsAt }], skipDuplicates: true });
    if (claimed.count !== 1) return;
    try {
      const share = await db.share.findUnique({
        where: { id: shareId },
        select: { shareType: true, recipientEmails: true, createdAt: true, idea: { select: { id: true, title: true, owner: { select: { email: true } } } } },
      });
      if (!share?.idea) return;
      const mail = await passcodeGuessingEmail({
        idea: { id: share.idea.id, title: share.idea.title },
        linkLabel: linkLabel(share),
        wrongTries: window.wrongTries,
        lockedUntil: window.windowEndsAt,
        shareScreenUrl: shareScreenUrl(origin, share.idea.id),
      });
      await sendEmail({ to: share.idea.owner.email, ...mail });
    } catch (err) {
      await db.rateLimit.deleteMany({ where: { key } });
      throw err;
    }
  });
}
