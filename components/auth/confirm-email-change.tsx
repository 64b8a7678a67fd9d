"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { apiRequest, ApiError, errorMessage } from "@/client/request";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { EMAIL_CHANGE_LINK_INVALID } from "@/lib/domain/validation/auth-messages";

type Outcome = { kind: "pending" } | { kind: "changed"; email: string } | { kind: "failed"; message: string };

/**
 * Spends the link's token once (POST /api/auth/confirm-email) and says what happened. Every other browser is signed
 * out by the change; this one stays signed in only if it was signed in to the account, so the way on is the dashboard
 * (which sends anyone signed out to the sign-in page).
 */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: "pending" } : { kind: "failed", message: EMAIL_CHANGE_LINK_INVALID });
  // The token is single use: React's development double effects must not post it twice.
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    apiRequest<{ email: string }>("POST", "/api/auth/confirm-email", { token })
      .then((answer) => setOutcome({ kind: "changed", email: answer.email }))
      .catch((err: unknown) =>
        setOutcome({ kind: "failed", message: err instanceof ApiError ? errorMessage(err, EMAIL_CHANGE_LINK_INVALID) : "Network error. Please try again." }),
      );
  }, [token]);

  switch (outcome.kind) {
    case "pending":
      return (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <Spinner label="Changing your e-mail address..." />
          <span aria-hidden="true">Changing your e-mail address...</span>
        </p>
      );
    case "changed":
      return (
        <div className="space-y-4">
          <p role="status" className="text-sm">
            Your e-mail address is now <strong>{outcome.email}</strong>. Sign in with it from now on; other browsers have been signed out.
          </p>
          <Button asChild className="w-full">
            <Link href="/dashboard">Continue</Link>
          </Button>
        </div>
      );
    case "failed":
      return (
        <div className="space-y-4">
          <p role="alert" className="border-destructive/50 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
            {outcome.message}
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link href="/profile">Go to your profile</Link>
          </Button>
        </div>
      );
  }
}
