import * as React from "react";

import { cn } from "@/client/utils";
import { BackButton } from "@/components/layout/back-button";
import { Logo } from "@/components/layout/logo";
import { SiteFooter } from "@/components/layout/site-footer";

type SiteShellProps = {
  children: React.ReactNode;
  /** Show a Back button (history back, or /dashboard) next to the logo. */
  showBack?: boolean;
  /** Forces the Back button to navigate to this href. */
  backHref?: string;
  /** Optional content on the right side of the header (e.g. a user menu). */
  headerActions?: React.ReactNode;
  /** Classes for the <main> element. */
  className?: string;
};

/**
 * The public pages' shell (landing, static pages, sign-in). Its logo and footer links do not prefetch: a visitor
 * rarely leaves through them, and prefetching them meant a dozen requests whose answers the phone parses on its main
 * thread just as the page becomes usable (Lighthouse counted them into the blocking time). The page's own next
 * step (Register, Log in) keeps its prefetch.
 */
function SiteShell({ children, showBack = false, backHref, headerActions, className }: SiteShellProps) {
  return (
    <div data-slot="site-shell" className="flex min-h-dvh flex-col bg-background">
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:h-16 sm:px-6">
          <div className="flex min-w-0 items-center gap-2 sm:gap-4">
            <Logo prefetch={false} />
            {showBack && <BackButton href={backHref} size="sm" />}
          </div>
          {headerActions ? <div className="flex items-center gap-2">{headerActions}</div> : null}
        </div>
      </header>
      <main
        id="main-content"
        className={cn("mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8", className)}
      >
        {children}
      </main>
      <SiteFooter prefetch={false} />
    </div>
  );
}

export { SiteShell };
export type { SiteShellProps };
