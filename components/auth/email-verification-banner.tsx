"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/client/toast";
import { MailWarning } from "lucide-react";
import { apiRequest, isApiError, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import { Button } from "@/components/ui/button";

const FAILED = "Could not send the link. Please try again.";

/**
 * Shown on the creator's screens until the account's address is verified: what depends on owning it (Shared with
 * me) stays hidden until then. 'Resend link' mails a new single-use link (POST /api/auth/verify-email/resend).
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const resendLink = useApiMutation(() => apiRequest("POST", "/api/auth/verify-email/resend"));

  const resend = async () => {
    setSending(true);
    try {
      await resendLink.mutateAsync();
      toast.success(`We sent a new link to ${email}.`);
    } catch (err) {
      if (isApiError(err, 409)) {
        // Verified meanwhile (in another tab): the banner goes with the next render.
        toast.success("Your e-mail address is already verified.");
        router.refresh();
      } else {
        toast.error("Error", { description: errorMessage(err, FAILED) });
      }
    } finally {
      setSending(false);
    }
  };

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
