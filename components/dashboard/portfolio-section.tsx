import { useId, type ReactNode } from "react";

type PortfolioSectionProps = {
  title: string;
  /** Shown after the title as '(n)' when given. */
  count?: number;
  emptyText: string;
  isEmpty: boolean;
  /** Shown instead of `emptyText` when the section is empty and has more to say (a button, say). */
  empty?: ReactNode;
  children?: ReactNode;
};

/** A titled grid of cards (one column on phones), or its empty-state text. */
export function PortfolioSection({ title, count, emptyText, isEmpty, empty, children }: PortfolioSectionProps) {
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold sm:text-xl">
        {title}
        {count !== undefined ? <span className="text-muted-foreground ml-2 text-base font-normal">({count})</span> : null}
      </h2>
      {isEmpty ? (
        (empty ?? <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">{emptyText}</p>)
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 [&>li]:min-w-0">{children}</ul>
      )}
    </section>
  );
}
