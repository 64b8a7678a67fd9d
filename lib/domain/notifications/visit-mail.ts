import "server-only";
import { db } from "@/lib/platform/db";
import { visitEndedEmail } from "@/lib/platform/email/templates";
import { visitById } from "@/lib/domain/engagement/visits";
import { mostReadPages } from "@/lib/domain/engagement/most-read";

/** The pages a visit's summary names. */
export const SUMMARY_PAGES = 3;

/**
 * The owner's summary of one ended visit (a ViewEvent), about the idea it showed (a room link's visit too: the mail
 * links that idea's share screen). Null when the visit is gone or the owner's switch is off now.
 */
export async function visitEndedMail(viewId: string, recipient: { name: string; email: string }, linkLabel: string, screenUrl: (ideaId: number) => string) {
  const [visit, view] = await Promise.all([
    visitById(viewId),
    db.viewEvent.findUnique({ where: { id: viewId }, select: { idea: { select: { id: true, title: true, owner: { select: { email: true, notifyVisitEnded: true } } } } } }),
  ]);
  if (!visit || !view || !view.idea.owner.notifyVisitEnded) return null;
  const { idea } = view;
  const mail = await visitEndedEmail({
    recipient,
    idea: { id: idea.id, title: idea.title },
    linkLabel,
    visit: { startedAt: new Date(visit.startedAt), timeMs: visit.timeMs, pagesRead: visit.pagesRead, pageCount: visit.pageCount, topPages: mostReadPages(visit.pages, SUMMARY_PAGES) },
    shareScreenUrl: screenUrl(idea.id),
  });
  return { to: idea.owner.email, ...mail };
}
