import Link from "next/link";
import { Loader2Icon, ShieldX } from "lucide-react";

import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/client/utils";

/** A centred spinner with its text: 'Verifying access...', 'Verifying your information...', 'Encrypting your agreement...'. */
export function StatusPanel({ text, compact }: { text: string; compact?: boolean }) {
  return (
    <div
      role="status"
      data-slot="recipient-status"
      className={cn(
        "flex flex-col items-center justify-center gap-3 text-center text-muted-foreground",
        compact ? "py-10" : "min-h-[40vh]",
      )}
    >
      <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-brand" />
      <p className="text-base">{text}</p>
    </div>
  );
}

export function VerifyingAccess() {
  return <StatusPanel text="Verifying access..." />;
}

/** SPEC §2 / §8: an invalid, expired, revoked or used-up link. */
export function AccessDenied() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <section
        aria-labelledby="access-denied-title"
        className="w-full max-w-md rounded-xl border bg-background p-6 text-center shadow-sm sm:p-8"
      >
        <ShieldX aria-hidden="true" className="mx-auto mb-4 size-12 text-destructive" />
        <h1 id="access-denied-title" className="text-2xl font-bold">
          Access Denied
        </h1>
        <p className="mt-2 text-muted-foreground">The link you&apos;re trying to access is invalid or has expired.</p>
        <Link href="/" prefetch={false} className={cn(buttonVariants(), "mt-6 h-11 w-full sm:w-auto")}>
          Return Home
        </Link>
      </section>
    </div>
  );
}
