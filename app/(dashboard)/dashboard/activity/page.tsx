import type { Metadata } from "next";
import { Suspense } from "react";
import { HydrationBoundary } from "@tanstack/react-query";
import { SharePageFrame } from "@/components/share/share-page-frame";
import { ActivityOverview } from "@/components/activity/activity-overview";
import { LoadingLine } from "@/components/ui/load-state";
import { requirePageUser } from "@/lib/domain/auth/session";
import { readerOverview } from "@/lib/features/activity/readers";
import { NotFoundError } from "@/lib/platform/http/errors";
import { queryKeys } from "@/client/query-client";
import { loadedQueries } from "@/client/query-state";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Activity" };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** /dashboard/activity: who is reading what, across every idea, room and link; the first answer comes with the page. */
export default async function ActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const query = await searchParams;
  const filter = { ideaId: one(query.ideaId), shareId: one(query.shareId) };
  // A filter naming someone else's (or no) idea or link: the screen says so itself (the API's own 404).
  const overview = await readerOverview(user.id, filter).catch((err: unknown) => {
    if (err instanceof NotFoundError) return null;
    throw err;
  });
  const loaded = loadedQueries(overview ? [[queryKeys.activityOverview(filter), overview]] : []);
  return (
    <SharePageFrame title="Activity">
      <HydrationBoundary state={loaded}>
        <Suspense fallback={<LoadingLine label="Loading readers..." />}>
          <ActivityOverview />
        </Suspense>
      </HydrationBoundary>
    </SharePageFrame>
  );
}
