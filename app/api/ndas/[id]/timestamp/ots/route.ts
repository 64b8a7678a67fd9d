import { ndaProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/ndas/{id}/timestamp/ots — the .ots of an NDA acceptance record; 404 until one exists
export const GET = ndaProofRoute("ots");
