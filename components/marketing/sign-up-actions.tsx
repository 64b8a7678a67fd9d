import Link from "next/link";
import { ArrowRight, KeyRound } from "lucide-react";

import { Button } from "@/components/ui/button";

/** The account a landing page or /login offers on an instance that takes one without an invitation. */
export type OpenSignUp = "first-account" | "open";

export const SIGN_UP_LABEL: Record<OpenSignUp, string> = { "first-account": "Create the first account", open: "Sign up" };

/** The hero's 'Private Login' (SPEC: to /login), beside whichever way in the instance offers. */
export function PrivateLoginButton() {
  return (
    <Button asChild size="lg" variant="outline">
      <Link href="/login">
        <KeyRound aria-hidden="true" />
        Private Login
      </Link>
    </Button>
  );
}

/**
 * The hero's calls to action where anyone may create an account: a brand-new instance (its first account sets it up)
 * or one with open registration. Plain links, no dialog: nothing here needs JavaScript.
 */
export function SignUpActions({ offer }: { offer: OpenSignUp }) {
  return (
    <>
      <div className="flex w-full flex-col items-stretch gap-3 sm:w-auto sm:flex-row sm:items-center">
        <Button asChild size="lg">
          <Link href="/register">
            {SIGN_UP_LABEL[offer]}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <PrivateLoginButton />
      </div>
      {offer === "first-account" ? (
        <p className="text-sm text-muted-foreground">This IdeaVault has no account yet. The first one you create sets it up.</p>
      ) : null}
    </>
  );
}
