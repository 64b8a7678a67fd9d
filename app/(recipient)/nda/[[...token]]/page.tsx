import type { Metadata } from "next";

import { BrandedRecipientScreen } from "@/components/recipient/sender-brand";
import { senderBrandOfLink } from "@/lib/domain/brand";
import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { NdaClient } from "@/components/recipient/nda-client";

export const metadata: Metadata = { title: "Confidentiality agreement" };

// /nda/{accessToken?}: the agreement the recipient reads and accepts before the document.
export default async function NdaPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams }) {
  const token = await resolveAccessToken(params, searchParams);
  const brand = await senderBrandOfLink(token);
  return (
    <BrandedRecipientScreen brand={brand}>
      <NdaClient token={token} senderName={brand?.displayName ?? null} />
    </BrandedRecipientScreen>
  );
}
