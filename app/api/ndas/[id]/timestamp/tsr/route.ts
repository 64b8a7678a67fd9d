import { ndaProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/ndas/{id}/timestamp/tsr — the RFC 3161 token (.tsr) of an NDA acceptance record; 404 until granted
export const GET = ndaProofRoute("tsr");
