import type { ReactNode } from "react";
import { LiveClock } from "@/components/dashboard/live-clock";
import { BackButton } from "@/components/layout/back-button";
import { Logo } from "@/components/layout/logo";
import { SiteFooter } from "@/components/layout/site-footer";

/** The share screen's header ('Share your idea', Back to the dashboard) and its 'Blockchain timestamp' footer; a room's screen names itself. */
export function SharePageFrame({ children, title = "Share your idea" }: { children: ReactNode; title?: string }) {
  return (
    <>
      <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-30 border-b backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3 sm:gap-4 sm:px-6">
          <BackButton href="/dashboard" size="sm" />
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold sm:text-2xl">{title}</h1>
          <Logo href="/dashboard" compact />
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <SiteFooter stamp={<LiveClock className="justify-center sm:justify-start" />} />
    </>
  );
}
