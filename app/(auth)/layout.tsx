import type { ReactNode } from "react";
import { SiteShell } from "@/components/layout/site-shell";
import { Card } from "@/components/ui/card";

/**
 * The card hangs from the top rather than being centred: a slow phone paints the page before all of its HTML is
 * parsed, and a centred card that then grows moves up (Lighthouse measured a layout shift of 0.08 on /login); one
 * hanging from the top only grows downwards.
 */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell showBack className="flex flex-col">
      <div className="flex flex-1 items-start justify-center py-2 sm:py-10">
        <Card className="w-full max-w-md">{children}</Card>
      </div>
    </SiteShell>
  );
}
