"use client";

import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useResendVerification } from "@/components/auth/use-resend-verification";

/**
 * Shown on the creator's screens until the account's address is verified: what depends on owning it (Shared with
 * me) waits until then. 'Resend link' mails a new single-use link.
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const { resend, sending } = useResendVerification(email);

  return (
    <section aria-label="E-mail verification" className="bg-muted border-b">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-center gap-2">
          <MailWarning aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 break-words">
            Please verify your e-mail address. We sent a link to <strong className="break-all">{email}</strong>.
          </span>
        </p>
        <Button type="button" size="sm" variant="outline" onClick={() => void resend()} disabled={sending}>
          Resend link
        </Button>
      </div>
    </section>
  );
}
