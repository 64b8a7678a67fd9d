"use client";

import * as React from "react";
import Link from "next/link";
import { useParams } from "next/navigation";
import { Loader2Icon, ShieldX } from "lucide-react";
import { apiRequest } from "@/client/request";

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

/** The recipient layout keeps its footer out while this shows (`data-holds-footer`, app/globals.css). */
export function VerifyingAccess() {
  return (
    <div data-holds-footer="">
      <StatusPanel text="Verifying access..." />
    </div>
  );
}

/**
 * The server's own words for why this browser cannot open the link, when it has any (GET /api/share/{token}/refusal:
 * the one-time link it already opened); null until it answers, and for every other refusal.
 */
function useServerRefusal(): string | null {
  const params = useParams<{ token?: string[] }>();
  const token = params?.token?.[0] ?? null;
  const [message, setMessage] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!token) return;
    let current = true;
    apiRequest<{ message: string | null }>("GET", `/api/share/${encodeURIComponent(token)}/refusal`).then(
      (answer) => current && setMessage(answer.message),
      // An unknown, revoked or expired link: the plain refusal below is the whole answer.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);
  return message;
}

/** SPEC §2 / §8: an invalid, expired, revoked or used-up link; the browser that used a one-time link is told so. */
export function AccessDenied() {
  const refusal = useServerRefusal();
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
        {refusal ? (
          <p className="mt-2 text-muted-foreground" data-slot="refusal">
            {refusal}
          </p>
        ) : (
          <p className="mt-2 text-muted-foreground">The link you&apos;re trying to access is invalid or has expired.</p>
        )}
        <Link href="/" prefetch={false} className={cn(buttonVariants(), "mt-6 h-11 w-full sm:w-auto")}>
          Return Home
        </Link>
      </section>
    </div>
  );
}
