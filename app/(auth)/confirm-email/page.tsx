import type { Metadata } from "next";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmEmailChange } from "@/components/auth/confirm-email-change";
import { accountTokenFromQuery } from "@/lib/domain/validation/auth";

export const metadata: Metadata = { title: "Confirm your new e-mail address" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The link mailed to the new address by 'Change e-mail' on /profile: the page posts its token (a GET changes nothing,
// so a mail scanner that fetches the link moves no account) and says whether the account now uses that address.
export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const token = accountTokenFromQuery((await searchParams).token);

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Confirm your new e-mail address</h1>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ConfirmEmailChange token={token} />
      </CardContent>
    </>
  );
}
