import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { ShareScreen, type ShareScreenIdea } from "@/components/share/share-screen";
import { HydrationBoundary } from "@tanstack/react-query";
import { requirePageUser } from "@/lib/domain/auth/session";
import { ACTIVITY_PAGE_SIZE, queryKeys } from "@/client/query-client";
import { listActivity } from "@/lib/domain/activity";
import { listIdeaRecipients } from "@/lib/domain/shares/recipient-evidence";
import { listComments } from "@/lib/domain/comments";
import { loadedQueries } from "@/client/query-state";
import { listShares } from "@/lib/domain/shares";
import { findIdeaSummary } from "@/lib/domain/ideas";
import { ideaIdOrNull } from "@/lib/domain/ideas/id";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Share your idea" };

/** The owner's idea, null when it is unknown or another creator's; SPEC §6: a failed load goes back to the dashboard. */
async function loadIdea(ownerId: string, id: number): Promise<ShareScreenIdea | null | "failed"> {
  try {
    return await findIdeaSummary(ownerId, id);
  } catch (err) {
    console.error("[share] could not load idea", id, err);
    return "failed";
  }
}

export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const ideaId = ideaIdOrNull((await params).id);
  const idea = ideaId === null ? null : await loadIdea(user.id, ideaId);
  if (idea === "failed") redirect("/dashboard");
  if (!idea) notFound(); // SPEC §2: 'Idea not found' (not-found.tsx beside this page), with a 404 status
  // Everything the screen shows comes with the page (the same answers as their GETs): the links, each link's
  // recipients, the comments and the timeline's first page. Fetched by the browser after hydration, the recipients and
  // the timeline were a second and third round trip behind the page's own, and the screen was usable only after them.
  // The recipients of every link not revoked come as one answer, the one the screen then polls; a revoked link's list
  // (collapsed under 'Inactive links') loads in the browser as before: the page's cost follows the live links.
  const [shares, recipients, comments, activity] = await Promise.all([
    listShares(user.id, idea.id),
    listIdeaRecipients(user.id, idea.id),
    listComments({ ideaId: idea.id, userId: user.id, secrets: [] }),
    listActivity(user.id, idea.id, { limit: ACTIVITY_PAGE_SIZE }),
  ]);
  const loaded = loadedQueries([
    [queryKeys.shares(idea.id), shares],
    [queryKeys.ideaRecipients(idea.id), recipients],
    [queryKeys.comments(idea.id), comments],
    [queryKeys.activity(idea.id), { pages: [activity], pageParams: [0] }],
  ]);

  return (
    <SharePageFrame>
      <HydrationBoundary state={loaded}>
        <ShareScreen idea={{ id: idea.id, title: idea.title, status: idea.status, kind: idea.kind, version: idea.version }} />
      </HydrationBoundary>
    </SharePageFrame>
  );
}
