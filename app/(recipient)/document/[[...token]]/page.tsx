import type { Metadata } from "next";

import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { DocumentClient } from "@/components/recipient/document-client";
import { ideaIdOrNull } from "@/lib/domain/ideas/id";

export const metadata: Metadata = { title: "Shared document" };

// /document/{accessToken?}: the shared idea itself, for a recipient who accepted the agreement; on a room link the
// room's index, or ?item={ideaId}: that idea of the room.
export default async function DocumentPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams & Promise<{ item?: string | string[] }> }) {
  const { item } = await searchParams;
  return <DocumentClient token={await resolveAccessToken(params, searchParams)} item={typeof item === "string" ? ideaIdOrNull(item) : null} />;
}
