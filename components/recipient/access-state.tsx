import Link from "next/link";
import { ShieldX } from "lucide-react";

import { buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** A centred spinner with its text: 'Verifying access...', 'Verifying your information...', 'Encrypting your agreement...'. */
export function StatusPanel({ text }: { text: string }) {
  return (
    <div data-slot="recipient-status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center text-muted-foreground">
      <Spinner label={text} iconClassName="size-8 text-brand" />
      <p aria-hidden="true" className="text-base">
        {text}
      </p>
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
