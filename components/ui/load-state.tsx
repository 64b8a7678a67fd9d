"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** A section's data on its way: a spinner announced to screen readers once, and the same words shown. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <p className="text-muted-foreground flex items-center gap-2 text-sm">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </p>
  );
}

/** A section whose data could not be loaded: what failed, in words, and a way to try again right there. */
export function LoadError({ children, onRetry }: { children: React.ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="border-destructive/50 bg-destructive/10 text-destructive flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm">
      <span>{children}</span>
      <Button type="button" size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
