import type { ReactNode } from "react";

/**
 * Marketing route group (landing + static pages).
 *
 * Each page renders its own `SiteShell`: the landing page without a Back
 * button, the static pages (via `StaticPage`) with one. Keeping the shell in
 * the pages avoids having to read the pathname in a layout.
 */
export default function MarketingLayout({ children }: { children: ReactNode }) {
  return children;
}
