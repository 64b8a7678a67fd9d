import { sharedProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/share/{token}/timestamp/tsr — the RFC 3161 token (.tsr) of the version the link shows, for this browser's agreed recipient in its view window; 404 until granted
export const GET = sharedProofRoute("tsr");
