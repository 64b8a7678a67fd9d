import Link from "next/link";

/**
 * Landing-page footer addition. The shared SiteFooter already links to
 * /about, /contact and /privacy-policy; the landing page also needs
 * /data-handling. Only the missing link is rendered here so each footer link
 * appears exactly once on the page.
 */
export function LandingLinks() {
  return (
    <nav aria-label="Data protection" className="w-full border-t pt-6 text-sm text-muted-foreground">
      <p>
        Built for GDPR from day one. Read how we process personal data in{" "}
        <Link
          href="/data-handling"
          className="font-medium text-brand underline underline-offset-4 hover:no-underline"
        >
          Data Handling (GDPR)
        </Link>
        .
      </p>
    </nav>
  );
}
