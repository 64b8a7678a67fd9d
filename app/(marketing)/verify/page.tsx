import type { Metadata } from "next";

import { PageSection, StaticPage } from "@/components/marketing/static-page";
import { VerifyForm } from "@/components/verify/verify-form";

export const metadata: Metadata = {
  title: "Verify a timestamp",
  description: "Check that a file matches its OpenTimestamps proof and when it was anchored in the Bitcoin blockchain. No account needed.",
};

export default function VerifyPage() {
  return (
    <StaticPage
      title="Verify a timestamp"
      intro="Choose a file and its OpenTimestamps proof (.ots), its RFC 3161 token (.tsr), or both. We check that each belongs to this exact file and what it says. No account needed, and nothing you upload is kept."
    >
      <VerifyForm />
      <PageSection id="independent" title="Check it without us">
        <p>
          The proof does not depend on IdeaVault. With the standard OpenTimestamps client, put the file and its proof side
          by side and run <code>ots verify idea-12.html.ots</code>: it recomputes the file&apos;s SHA-256, follows the
          proof to a Bitcoin block and compares that block&apos;s merkle root with your own node or a block explorer.
          An RFC 3161 token checks with OpenSSL: <code>openssl ts -verify -data idea-12.html -in idea-12.html.tsr -CAfile tsa.pem</code>,
          with the time-stamping authority&apos;s certificates (the evidence pack holds them under <code>tsa/</code>).
        </p>
      </PageSection>
    </StaticPage>
  );
}
