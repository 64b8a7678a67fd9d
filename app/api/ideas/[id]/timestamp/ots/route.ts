import { ideaProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/ideas/{id}/timestamp/ots — the OpenTimestamps proof (.ots) of the published idea; 404 until one exists
export const GET = ideaProofRoute("ots");
