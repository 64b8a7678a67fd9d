import { sharedProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/share/{token}/timestamp/ots — the .ots of the version the link shows, for this browser's agreed recipient in its view window
export const GET = sharedProofRoute("ots");
