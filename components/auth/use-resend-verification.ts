"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/client/toast";
import { apiRequest, errorMessage, isApiError } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

const FAILED = "Could not send the link. Please try again.";

/** 'Resend link': mails the signed-in account a new single-use verification link (POST /api/auth/verify-email/resend). */
export function useResendVerification(email: string) {
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
        // Verified meanwhile (in another tab): what waited for it shows with the next render.
        toast.success("Your e-mail address is already verified.");
        router.refresh();
      } else {
        toast.error("Error", { description: errorMessage(err, FAILED) });
      }
    } finally {
      setSending(false);
    }
  };
  return { resend, sending };
}
