import type { ReactNode } from "react";

import { SiteShell } from "@/components/layout/site-shell";

interface StaticPageProps {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}

/** Shared frame for the static marketing/legal pages (with Back button). */
export function StaticPage({ title, intro, updated, children }: StaticPageProps) {
  return (
    <SiteShell showBack>
      <article className="mx-auto w-full max-w-3xl py-4 sm:py-8">
        <header className="mb-10 space-y-3 border-b pb-8">
          <h1 className="text-3xl font-semibold tracking-tight text-brand sm:text-4xl">{title}</h1>
          {intro ? <p className="text-base leading-7 text-muted-foreground sm:text-lg">{intro}</p> : null}
          {updated ? <p className="text-sm text-muted-foreground">Last updated: {updated}</p> : null}
        </header>
        <div className="space-y-10">{children}</div>
      </article>
    </SiteShell>
  );
}

interface PageSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** A titled section with readable prose styles for lists, links and emphasis. */
export function PageSection({ id, title, children }: PageSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 space-y-3 text-[15px] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5"
    >
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}
