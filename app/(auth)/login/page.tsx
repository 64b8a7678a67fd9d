import type { Metadata } from "next";
import Link from "next/link";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoginForm } from "@/components/auth/login-form";
import { getSocialProviders } from "@/lib/domain/auth/providers";
import { safeRedirectPath } from "@/lib/platform/http/safe-redirect";
import { getCurrentUser } from "@/lib/domain/auth/session";
import { signUpOffer } from "@/lib/domain/auth/registration";

export const metadata: Metadata = { title: "Log In" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Messages for the `error` query parameter that next-auth appends after a failed OAuth sign-in. */
function describeAuthError(code: string | undefined): string | null {
  if (!code) return null;
  switch (code) {
    case "OAuthAccountNotLinked":
      return "This email is already linked to another sign-in method. Please log in with that method.";
    case "OAuthNotInvited":
      return "There is no IdeaVault account for this e-mail. IdeaVault is invite only: ask for an invitation.";
    case "AccessDenied":
      return "Access denied. IdeaVault is invite only.";
    case "SessionRequired":
      return "Please log in to continue.";
    default:
      return "Sign-in failed. Please try again.";
  }
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeRedirectPath(first(params.callbackUrl));
  const errorMessage = describeAuthError(first(params.error));
  const providers = getSocialProviders();
  // Registering signs the new account in and then, as SPEC words it, brings it here: say so, and offer
  // the way on instead of a second sign-in.
  const [signedIn, signUp] = await Promise.all([getCurrentUser(), signUpOffer()]);

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Log In</h1>
        </CardTitle>
        <CardDescription>Access your private idea vault.</CardDescription>
      </CardHeader>
      <CardContent>
        {signedIn ? (
          <p role="status" className="bg-muted mb-4 rounded-md px-3 py-2 text-sm">
            You are signed in as {signedIn.name}.{" "}
            <Link href={callbackUrl} className="font-medium underline underline-offset-4">
              Continue to your ideas
            </Link>
          </p>
        ) : null}
        <LoginForm callbackUrl={callbackUrl} providers={providers} errorMessage={errorMessage} signUp={signUp} />
      </CardContent>
    </>
  );
}
