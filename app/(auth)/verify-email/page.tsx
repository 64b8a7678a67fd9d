import type { Metadata } from "next";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { VerifyEmail } from "@/components/auth/verify-email";
import { accountTokenFromQuery } from "@/lib/domain/validation/auth";

export const metadata: Metadata = { title: "Verify your e-mail address" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The link e-mailed at registration: the page posts its token (a GET never spends it, so a mail scanner that
// fetches the link verifies nothing) and says whether the address is now verified.
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const token = accountTokenFromQuery((await searchParams).token);

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Verify your e-mail address</h1>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <VerifyEmail token={token} />
      </CardContent>
    </>
  );
}
