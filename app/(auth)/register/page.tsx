import type { Metadata } from "next";
import Link from "next/link";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { RegisterForm } from "@/components/auth/register-form";
import { getRegistrationStatus } from "@/lib/domain/auth/registration";
import { getSocialProviders } from "@/lib/domain/auth/providers";
import { WAITLIST_HREF } from "@/components/marketing/waitlist-link";

export const metadata: Metadata = { title: "Create your account" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const rawInvite = Array.isArray(params.invite) ? params.invite[0] : params.invite;
  const invite = rawInvite?.trim() ? rawInvite.trim() : undefined;
  const status = await getRegistrationStatus(invite ?? null);
  const providers = getSocialProviders();

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Create your account</h1>
        </CardTitle>
        {status.allowed ? (
          <CardDescription>
            {status.firstAccount ? "This IdeaVault has no account yet: yours will be the first." : "Start protecting your ideas today."}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {status.allowed ? (
          <RegisterForm invite={invite} inviteEmail={status.inviteEmail} providers={providers} />
        ) : (
          <div className="space-y-4">
            <p role="status" className="bg-muted rounded-md px-4 py-3 text-sm">
              {status.reason === "invite-invalid"
                ? "This invitation link is invalid or has already been used."
                : "IdeaVault is invite only. Ask an existing member for an invitation link."}
            </p>
            <Button asChild className="w-full">
              <Link href={WAITLIST_HREF}>Join our waitlist</Link>
            </Button>
            <p className="text-center text-sm">
              <Link href="/login" className="underline underline-offset-4">
                Already have an account? Log in
              </Link>
            </p>
          </div>
        )}
      </CardContent>
    </>
  );
}
