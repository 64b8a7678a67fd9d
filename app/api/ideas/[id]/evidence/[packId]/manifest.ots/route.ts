import { packManifestProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/ideas/{id}/evidence/{packId}/manifest.ots — the proof of an evidence pack's manifest.json (owner only);
// 409 while the calendars have not received its digest, 404 for an unknown pack or another creator's
export const GET = packManifestProofRoute("ots");
