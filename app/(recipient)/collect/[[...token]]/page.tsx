import type { Metadata } from "next";

import { BrandedRecipientScreen } from "@/components/recipient/sender-brand";
import { senderBrandOfLink } from "@/lib/domain/brand";
import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { CollectClient } from "@/components/recipient/collect-client";

export const metadata: Metadata = { title: "Recipient information" };

// /collect/{accessToken?} (and /view, the link creators send): who is opening the shared document.
export default async function CollectPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams }) {
  const token = await resolveAccessToken(params, searchParams);
  const brand = await senderBrandOfLink(token);
  return (
    <BrandedRecipientScreen brand={brand}>
      <CollectClient token={token} senderName={brand?.displayName ?? null} />
    </BrandedRecipientScreen>
  );
}
