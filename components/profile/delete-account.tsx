"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { apiRequest, errorMessage, isApiError } from "@/client/request";
import { useApiMutation } from "@/client/mutation";

/**
 * next-auth's client (with its error classes and runtime helpers) is only needed for this button, which only social
 * accounts see: it loads when pressed, not with /profile.
 */
async function signInAgain(provider: string) {
  const { signIn } = await import("next-auth/react");
  await signIn(provider, { callbackUrl: "/profile#delete-account" });
}

const PROVIDER_NAMES: Record<string, string> = { google: "Google", github: "GitHub", twitter: "X" };

export type DeleteAccountProps = {
  /** Password accounts confirm with the password; the others with a sign-in of the last 5 minutes. */
  hasPassword: boolean;
  /** The social sign-ins linked to the account, to sign in again with. */
  providers: string[];
  /** Whether this session's sign-in is recent enough to delete an account without a password. */
  freshSignIn: boolean;
};

/**
 * The danger zone of /profile: 'Delete account' (DELETE /api/account). It names what will be lost, asks for the
 * password (a social account signs in again instead), confirms once more in a dialog, then the session is gone: the
 * browser lands on /account-deleted, which says so. Errors show next to the password field (or the button), and focus moves there.
 */
export function DeleteAccount({ hasPassword, providers, freshSignIn }: DeleteAccountProps) {
  const router = useRouter();
  const headingId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusPasswordOnClose = useRef(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Set once the account is gone, while the browser leaves for /account-deleted. */
  const [deleted, setDeleted] = useState(false);
  const [needsSignIn, setNeedsSignIn] = useState(!hasPassword && !freshSignIn);
  const deletion = useApiMutation((confirmation: { password: string } | undefined) => apiRequest("DELETE", "/api/account", confirmation));

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (hasPassword && !password) {
      setError("Enter your password to delete your account.");
      passwordRef.current?.focus();
      return;
    }
    setError(null);
    setConfirming(true);
  };

  /** The dialog's action: it closes either way, and a refusal shows next to the password once it has closed. */
  const remove = async () => {
    try {
      await deletion.mutateAsync(hasPassword ? { password } : undefined);
      try {
        localStorage.removeItem("currentUser");
      } catch {
        // Storage unavailable: nothing to clear.
      }
      setDeleted(true);
      router.replace("/account-deleted");
      router.refresh();
    } catch (err) {
      setError(errorMessage(err, "Your account could not be deleted. Please try again."));
      if (!hasPassword && isApiError(err, 403)) setNeedsSignIn(true);
      focusPasswordOnClose.current = true;
    }
    return true;
  };

  return (
    <Card className="border-destructive/50 mx-auto mt-6 w-full max-w-xl" aria-labelledby={headingId} role="region">
      <CardContent className="space-y-4 px-4 sm:px-6">
        <div className="space-y-1">
          <h2 id={headingId} className="text-destructive text-lg font-semibold">
            Delete account
          </h2>
          <p className="text-muted-foreground text-sm">Deleting your account cannot be undone. You will lose:</p>
        </div>
        <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
          <li>your ideas, drafts and published, and every file you uploaded;</li>
          <li>your share links, which stop working at once;</li>
          <li>the records of the people you shared with: their identities, NDA acceptances and certificates, views and reading times;</li>
          <li>the comments on your ideas and your replies;</li>
          <li>the blockchain timestamps of your ideas and their proofs.</li>
        </ul>
        <p className="text-muted-foreground text-sm">
          Download your data first if you want to keep any of it. Agreements you accepted on other people&apos;s ideas stay with them.
        </p>
        <form onSubmit={review} noValidate className="space-y-3">
          {hasPassword ? (
            <div className="space-y-2">
              <Label htmlFor="delete-account-password">Password</Label>
              <PasswordInput
                id="delete-account-password"
                ref={passwordRef}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "delete-account-error" : undefined}
                disabled={deleted}
              />
            </div>
          ) : needsSignIn ? (
            <div className="space-y-2">
              <p className="text-sm">To confirm it is you, sign in again, then delete your account within 5 minutes.</p>
              <div className="flex flex-wrap gap-2">
                {providers.map((p) => (
                  <Button key={p} type="button" variant="outline" onClick={() => void signInAgain(p)}>
                    Sign in again with {PROVIDER_NAMES[p] ?? p}
                  </Button>
                ))}
              </div>
            </div>
          ) : null}
          {error ? (
            <p id="delete-account-error" role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" disabled={deleted} aria-describedby={!hasPassword && error ? "delete-account-error" : undefined}>
            Delete account
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          // Radix gives focus back when its closing animation ends, which a slow device finishes well after the
          // server's refusal: only then can the field the error is about take it, or the button would win.
          if (!focusPasswordOnClose.current || !passwordRef.current) return;
          focusPasswordOnClose.current = false;
          event.preventDefault();
          passwordRef.current.focus();
        }}
        title="Delete your account for good?"
        description="Your ideas, files, links, the records and comments of the people you shared with, and your timestamps will be deleted. This cannot be undone."
        confirmLabel="Delete my account"
        pendingLabel="Deleting your account..."
        destructive
        onConfirm={remove}
      />
    </Card>
  );
}
