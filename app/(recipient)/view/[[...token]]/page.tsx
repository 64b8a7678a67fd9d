import type { Metadata } from "next";

import CollectPage from "@/app/(recipient)/collect/[[...token]]/page";

export const metadata: Metadata = { title: "Recipient information" };

// /view/{accessToken?} is the link in invitations and on the share screen: the same screen as /collect (SPEC §2).
export default CollectPage;
