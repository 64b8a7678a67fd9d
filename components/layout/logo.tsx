import * as React from "react";
import Link from "next/link";
import { Lightbulb } from "lucide-react";

import { cn } from "@/client/utils";

type LogoProps = {
  /** Where the logo links to. Pass `null` to render the wordmark without a link. */
  href?: string | null;
  className?: string;
  /** Hide the wordmark on narrow screens (headers that need the room), keeping it for screen readers. */
  compact?: boolean;
  /** Passed to next/link; the recipient screens turn it off so that they do not fetch the landing page's code. */
  prefetch?: boolean;
};

function LogoMark({ compact }: { compact?: boolean }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="bg-brand flex size-8 shrink-0 items-center justify-center rounded-md text-white"
      >
        <Lightbulb className="size-4" />
      </span>
      <span className={cn("text-brand text-lg font-bold tracking-tight sm:text-xl", compact && "max-sm:sr-only")}>IdeaVault</span>
    </>
  );
}

function Logo({ href = "/", className, compact, prefetch }: LogoProps) {
  const classes = cn("inline-flex items-center gap-2", className);

  if (href === null) {
    return (
      <span data-slot="logo" className={classes}>
        <LogoMark compact={compact} />
      </span>
    );
  }

  return (
    <Link
      href={href}
      prefetch={prefetch}
      data-slot="logo"
      className={cn(
        classes,
        "focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]",
      )}
    >
      <LogoMark compact={compact} />
    </Link>
  );
}

export { Logo };
export type { LogoProps };
