import "server-only";
import { visitEndedEmail } from "@/lib/platform/email/templates";
import { visitById } from "@/lib/domain/engagement/visits";
import { mostReadPages } from "@/lib/domain/engagement/most-read";

/** The pages a visit's summary names. */
export const SUMMARY_PAGES = 3;

/**
 * The owner's summary of one ended visit (a ViewEvent), about the idea it showed (a room link's visit too: the mail
 * links that idea's share screen). `owner`: the link's owner as the caller just read them (./queue.ts, with the
 * recipient), so the visit is the one thing read here, in one statement. Null when the visit is gone or the owner's
 * switch is off now.
 */
export async function visitEndedMail(
  viewId: string,
  recipient: { name: string; email: string },
  owner: { email: string; notifyVisitEnded: boolean },
  linkLabel: string,
  screenUrl: (ideaId: number) => string,
) {
  if (!owner.notifyVisitEnded) return null;
  const found = await visitById(viewId);
  if (!found) return null;
  const { visit, idea } = found;
  const mail = await visitEndedEmail({
    recipient,
    idea,
    linkLabel,
    visit: {
      startedAt: new Date(visit.startedAt),
      timeMs: visit.timeMs,
      unit: visit.unit,
      pagesRead: visit.pagesRead,
      pageCount: visit.pageCount,
      topPages: mostReadPages(visit.pages, SUMMARY_PAGES),
    },
    shareScreenUrl: screenUrl(idea.id),
  });
  return { to: owner.email, ...mail };
}
