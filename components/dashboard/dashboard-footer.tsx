import Link from "next/link";
import { LiveClock } from "@/components/dashboard/live-clock";

const FOOTER_LINKS = [
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
  { href: "/privacy-policy", label: "Privacy" },
] as const;

/** The site footer with a live 'Blockchain timestamp' clock. */
export function DashboardFooter() {
  return (
    <footer data-slot="site-footer" className="bg-background border-t">
      <div className="text-muted-foreground mx-auto flex w-full max-w-7xl flex-col items-center gap-3 px-4 py-4 text-sm sm:flex-row sm:justify-between sm:px-6 lg:px-8">
        <LiveClock className="justify-center sm:justify-start" />
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="hover:text-foreground focus-visible:ring-ring/50 rounded-sm outline-none hover:underline focus-visible:ring-[3px]"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
