import { queryKeys } from "@/client/query-client";
import type { AgreementSummary } from "@/client/types";

/** What a write on an agreement changes (the list), and an agreement's address: for the list and its form dialog. */
export const AGREEMENTS = [queryKeys.agreements];
export const agreementUrl = (agreement: AgreementSummary) => `/api/agreements/${encodeURIComponent(agreement.id)}`;
