import type { Metadata } from "next";

import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { DocumentClient } from "@/components/recipient/document-client";

export const metadata: Metadata = { title: "Shared document" };

// /document/{accessToken?}: the shared idea itself, for a recipient who accepted the agreement.
export default async function DocumentPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams }) {
  return <DocumentClient token={await resolveAccessToken(params, searchParams)} />;
}
