import type { Metadata } from "next";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { requirePageUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Idea Portfolio" };

export default async function DashboardPage() {
  const user = await requirePageUser();

  return (
    <>
      <DashboardHeader user={{ name: user.name, email: user.email, profileImage: user.profileImage }} />
      <main id="main-content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <section id="portfolio" aria-label="Your ideas" className="text-muted-foreground rounded-lg border border-dashed p-8 text-center">
          Your ideas will appear here.
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
