import type { Metadata } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { LiveClock } from "@/components/dashboard/live-clock";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { Portfolio } from "@/components/dashboard/portfolio";
import { HydrationBoundary } from "@tanstack/react-query";
import { requirePageUser } from "@/lib/domain/auth/session";
import { queryKeys } from "@/client/query-client";
import { listAssets } from "@/lib/domain/files";
import { listIdeas } from "@/lib/domain/ideas";
import { loadedQueries } from "@/client/query-state";
import { listSharedWithMe } from "@/lib/domain/shares/shared-with-me";
import { listRooms } from "@/lib/domain/rooms";
import { firstSteps } from "@/lib/domain/ideas/first-steps";
import { FirstStepsChecklist } from "@/components/dashboard/first-steps";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Idea Portfolio" };

export default async function DashboardPage() {
  const user = await requirePageUser();
  // The portfolio's lists come with the page (the same answers as their GETs), not in a second round trip.
  const [ideas, assets, rooms, shared, steps] = await Promise.all([
    listIdeas(user.id),
    listAssets(user.id),
    listRooms(user.id),
    user.emailVerified ? listSharedWithMe(user.id) : null,
    firstSteps(user.id),
  ]);
  const loaded = loadedQueries([[queryKeys.ideas, ideas], [queryKeys.assets, assets], [queryKeys.rooms, rooms], ...(shared ? ([[queryKeys.sharedWithMe, shared]] as const) : [])]);

  return (
    <>
      <DashboardHeader user={{ name: user.name, email: user.email, profileImage: user.profileImage }} />
      <main id="main-content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <FirstStepsChecklist steps={steps} />
        <HydrationBoundary state={loaded}>
          <Portfolio sharedWithMe={user.emailVerified} email={user.email} />
        </HydrationBoundary>
      </main>
      <SiteFooter stamp={<LiveClock className="justify-center sm:justify-start" />} />
    </>
  );
}
