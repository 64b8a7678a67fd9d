"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";

import { cn } from "@/client/utils";

const FOOTER_LINKS = [
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
  { href: "/privacy-policy", label: "Privacy" },
  { href: "/data-handling", label: "Data Handling" },
  // Anyone holding a proof (an .ots, a .tsr, an evidence pack) can check it here, without an account.
  { href: "/verify", label: "Verify a proof" },
] as const;

type SiteFooterProps = {
  className?: string;
  /** Replaces the plain 'Blockchain timestamp' label, e.g. with a live clock. */
  stamp?: React.ReactNode;
  /** Passed to the links' next/link (the recipient screens turn it off to stay light). */
  prefetch?: boolean;
};

function SiteFooter({ className, stamp, prefetch }: SiteFooterProps) {
  const pathname = usePathname();
  const showLinks = pathname !== "/profile";

  return (
    <footer data-slot="site-footer" className={cn("border-t bg-background", className)}>
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-3 px-4 py-4 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        {stamp ?? <p>Blockchain timestamp</p>}
        {showLinks && (
          <nav aria-label="Footer">
            <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    prefetch={prefetch}
                    className="inline-flex min-h-11 items-center rounded-sm outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-0"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </footer>
  );
}

export { SiteFooter };
export type { SiteFooterProps };
