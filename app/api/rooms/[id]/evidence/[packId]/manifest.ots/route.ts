import { roomPackManifestProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/rooms/{id}/evidence/{packId}/manifest.ots — the proof of a room's evidence pack's manifest.json (owner only);
// 409 while the calendars have not received its digest, 404 for an unknown pack or another creator's
export const GET = roomPackManifestProofRoute("ots");
