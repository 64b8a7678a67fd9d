import type { Metadata } from "next";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoginForm } from "@/components/auth/login-form";
import { getSocialProviders } from "@/lib/auth/providers";

export const metadata: Metadata = { title: "Log In" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Accept only same-origin relative paths ("/x", not "//host" or "/\host"); anything else falls back to /dashboard. */
function safeCallback(raw: string | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/dashboard";
  // Control characters (e.g. tab/newline) can be stripped by browsers and turn the path into "//host".
  if (/[\u0000-\u001f\u007f]/.test(raw)) return "/dashboard";
  try {
    const base = "http://ideavault.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base) return "/dashboard";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/dashboard";
  }
}

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
  const callbackUrl = safeCallback(first(params.callbackUrl));
  const errorMessage = describeAuthError(first(params.error));
  const providers = getSocialProviders();

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Log In</h1>
        </CardTitle>
        <CardDescription>Access your private idea vault.</CardDescription>
      </CardHeader>
      <CardContent>
        <LoginForm callbackUrl={callbackUrl} providers={providers} errorMessage={errorMessage} />
      </CardContent>
    </>
  );
}
