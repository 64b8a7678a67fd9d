import type { Metadata } from "next";
import type { ReactNode } from "react";

import { Logo } from "@/components/layout/logo";
import { SiteFooter } from "@/components/layout/site-footer";

// Share links are private: never indexed, and the token in the URL never leaves in a Referer (next.config.mjs sends
// the same as headers).
export const metadata: Metadata = {
  robots: { index: false, follow: false, nocache: true },
  referrer: "no-referrer",
};

/**
 * The recipient's screens (/collect, /view, /nda, /document): the shared layout (logo, footer 'Blockchain
 * timestamp'), phone first. No Back button: a recipient arrives from an e-mail and has nowhere to go back to.
 * Links do not prefetch: these pages must stay light and a recipient rarely leaves through them.
 * No loading.tsx: the pages do no slow work on the server, and a Suspense boundary above them would turn the 404
 * of /collect/a/b into a streamed 200.
 */
export default function RecipientLayout({ children }: { children: ReactNode }) {
  return (
    <div data-slot="recipient-shell" className="flex min-h-dvh flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center px-4 sm:h-16 sm:px-6">
          <Logo prefetch={false} className="min-h-11" />
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <SiteFooter prefetch={false} />
    </div>
  );
}
