"use client";

import { useState } from "react";
import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest, errorMessage } from "@/client/request";
import { toast } from "@/client/toast";

/**
 * 'E-mail me my receipt' (POST /api/share/{token}/receipt), for a reader whose address was proven with a code: the
 * server sends the receipt PDF to that address and refuses any other reader. Recipient pages call apiRequest
 * directly (no query client on their first load).
 */
export function MailReceiptButton({ token, email }: { token: string; email: string }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await apiRequest("POST", `/api/share/${encodeURIComponent(token)}/receipt`);
      toast.success(`Your receipt is on its way to ${email}.`);
    } catch (err) {
      toast.error(errorMessage(err, "Your receipt could not be sent. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => void send()} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner label="Sending your receipt" /> : <Mail aria-hidden="true" />}
      E-mail me my receipt
    </Button>
  );
}
