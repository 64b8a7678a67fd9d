import type { Metadata } from "next";
import { CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { VerifyEmail } from "@/components/auth/verify-email";

export const metadata: Metadata = { title: "Verify your e-mail address" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The link e-mailed at registration: the page posts its token (a GET never spends it, so a mail scanner that
// fetches the link verifies nothing) and says whether the address is now verified.
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const raw = Array.isArray(params.token) ? params.token[0] : params.token;
  const token = raw?.trim() ?? "";
  // Mirrors verifyEmailSchema's bounds; the server remains the authority on validity.
  const plausible = token.length >= 10 && token.length <= 200;

  return (
    <>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Verify your e-mail address</h1>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <VerifyEmail token={plausible ? token : null} />
      </CardContent>
    </>
  );
}
