"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { apiRequest, ApiError, errorMessage } from "@/client/request";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { VERIFY_LINK_INVALID } from "@/lib/domain/validation/auth-messages";
const VERIFIED = "Your e-mail address is verified.";

type State = { kind: "pending" } | { kind: "verified" } | { kind: "failed"; message: string };

/** Spends the link's token once (POST /api/auth/verify-email) and shows the outcome. */
export function VerifyEmail({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(token ? { kind: "pending" } : { kind: "failed", message: VERIFY_LINK_INVALID });
  // The token is single use: React's development double effects must not post it twice.
  const posted = useRef(false);

  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    apiRequest("POST", "/api/auth/verify-email", { token })
      .then(() => setState({ kind: "verified" }))
      .catch((err: unknown) =>
        setState({ kind: "failed", message: err instanceof ApiError ? errorMessage(err, VERIFY_LINK_INVALID) : "Network error. Please try again." }),
      );
  }, [token]);

  if (state.kind === "pending") {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <Spinner label="Verifying your e-mail address..." />
        <span aria-hidden="true">Verifying your e-mail address...</span>
      </p>
    );
  }
  if (state.kind === "verified") {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm">
          {VERIFIED}
        </p>
        <Button asChild className="w-full">
          <Link href="/dashboard">Go to your dashboard</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p role="alert" className="border-destructive/50 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
        {state.message}
      </p>
      <p className="text-muted-foreground text-sm">Signed in, you can ask for a new link from the banner on your dashboard.</p>
      <Button asChild variant="outline" className="w-full">
        <Link href="/dashboard">Go to your dashboard</Link>
      </Button>
    </div>
  );
}
