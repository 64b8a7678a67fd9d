import type { Metadata } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { LiveClock } from "@/components/dashboard/live-clock";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { Portfolio } from "@/components/dashboard/portfolio";
import { requirePageUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Idea Portfolio" };

export default async function DashboardPage() {
  const user = await requirePageUser();

  return (
    <>
      <DashboardHeader user={{ name: user.name, email: user.email, profileImage: user.profileImage }} />
      <main id="main-content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Portfolio sharedWithMe={user.emailVerified} />
      </main>
      <SiteFooter stamp={<LiveClock className="justify-center sm:justify-start" />} />
    </>
  );
}
