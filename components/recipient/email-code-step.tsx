"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { loadSharingSchemas, prefetchSharingSchemas } from "@/components/recipient/sharing-schemas";
import { apiRequest, errorMessage } from "@/client/request";
import type { Recipient } from "@/client/types";
import { EMAIL_CODE_LENGTH } from "@/lib/domain/validation/sharing-limits";

type EmailCodeStepProps = {
  recipient: Recipient;
  onVerified: (recipient: Recipient) => void;
  onPendingChange: (pending: boolean) => void;
  /** Back to the details form (a new POST replaces this browser's recipient). */
  onStartOver: () => void;
  hidden?: boolean;
};

/** E-mail shares: the 6-digit code sent to the invited address, POST /api/recipients/{id}/verify (and /code to resend). */
export function EmailCodeStep({ recipient, onVerified, onPendingChange, onStartOver, hidden }: EmailCodeStepProps) {
  const [code, setCode] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);
  const [resending, setResending] = React.useState(false);
  const base = `/api/recipients/${encodeURIComponent(recipient.id)}`;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    let parsed;
    try {
      parsed = (await loadSharingSchemas()).verifyCodeSchema.safeParse({ code });
    } catch (err) {
      console.error("Loading the form checks failed", err);
      setError("The code could not be checked. Please try again.");
      return;
    }
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onPendingChange(true);
    try {
      onVerified(await apiRequest<Recipient>("POST", `${base}/verify`, parsed.data));
    } catch (err) {
      onPendingChange(false);
      setError(errorMessage(err, "The code could not be checked. Please try again."));
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      await apiRequest("POST", `${base}/code`);
      setCode("");
      setNotice(`A new code is on its way to ${recipient.email}.`);
    } catch (err) {
      setError(errorMessage(err, "The code could not be sent. Please try again."));
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} onFocus={prefetchSharingSchemas} className="grid gap-5" hidden={hidden}>
      <p className="text-sm text-muted-foreground">
        We sent a {EMAIL_CODE_LENGTH}-digit code to <span className="font-medium text-foreground">{recipient.email}</span>.
        Enter it to confirm the address.
      </p>
      <InputField
        id="recipient-code"
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={EMAIL_CODE_LENGTH}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, EMAIL_CODE_LENGTH))}
        error={error}
        className="h-11 text-center font-mono text-lg tracking-[0.5em]"
      />
      {notice ? (
        <p role="status" className="text-sm text-muted-foreground">
          {notice}
        </p>
      ) : null}
      <Button type="submit" className="h-11 w-full">
        Confirm code
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="link" className="h-11 px-0" onClick={resend} disabled={resending}>
          {resending ? "Sending..." : "Resend code"}
        </Button>
        <Button type="button" variant="link" className="h-11 px-0 text-muted-foreground" onClick={onStartOver}>
          Use a different address
        </Button>
      </div>
    </form>
  );
}
