import type { Metadata } from "next";
import Link from "next/link";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { accountTokenFromQuery } from "@/lib/domain/validation/auth";

export const metadata: Metadata = { title: "Reset password" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const INVALID = "This reset link is invalid or has expired.";

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const token = accountTokenFromQuery((await searchParams).token);

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Reset password</h1>
        </CardTitle>
        {token ? <CardDescription>Choose a new password for your account.</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div className="space-y-4">
            <p role="alert" className="border-destructive/50 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
              {INVALID}
            </p>
            <Button asChild className="w-full">
              <Link href="/forgot-password">Request a new reset link</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </>
  );
}
