import { ideaProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/ideas/{id}/timestamp/tsr — the RFC 3161 time-stamp token (.tsr, application/timestamp-reply) of the published idea; 404 until granted
export const GET = ideaProofRoute("tsr");
