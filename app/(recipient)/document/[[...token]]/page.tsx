import type { Metadata } from "next";

import { BrandedRecipientScreen } from "@/components/recipient/sender-brand";
import { senderBrandOfLink } from "@/lib/domain/brand";
import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { DocumentClient } from "@/components/recipient/document-client";
import { ideaIdOrNull } from "@/lib/domain/ideas/id";

export const metadata: Metadata = { title: "Shared document" };

// /document/{accessToken?}: the shared idea itself, for a recipient who accepted the agreement; on a room link the
// room's index, or ?item={ideaId}: that idea of the room.
export default async function DocumentPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams & Promise<{ item?: string | string[] }> }) {
  const { item } = await searchParams;
  const token = await resolveAccessToken(params, searchParams);
  const brand = await senderBrandOfLink(token);
  return (
    <BrandedRecipientScreen brand={brand}>
      <DocumentClient token={token} item={typeof item === "string" ? ideaIdOrNull(item) : null} senderName={brand?.displayName ?? null} />
    </BrandedRecipientScreen>
  );
}
