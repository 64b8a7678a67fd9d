import type { Metadata } from "next";

import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { NdaClient } from "@/components/recipient/nda-client";

export const metadata: Metadata = { title: "Confidentiality agreement" };

// /nda/{accessToken?}: the agreement the recipient reads and accepts before the document.
export default async function NdaPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams }) {
  return <NdaClient token={await resolveAccessToken(params, searchParams)} />;
}
