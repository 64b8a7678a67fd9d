import type { Metadata } from "next";

import { resolveAccessToken, type TokenParams, type TokenSearchParams } from "@/app/(recipient)/access-token";
import { CollectClient } from "@/components/recipient/collect-client";

export const metadata: Metadata = { title: "Recipient information" };

// /collect/{accessToken?} (and /view, the link creators send): who is opening the shared document.
export default async function CollectPage({ params, searchParams }: { params: TokenParams; searchParams: TokenSearchParams }) {
  return <CollectClient token={await resolveAccessToken(params, searchParams)} />;
}
