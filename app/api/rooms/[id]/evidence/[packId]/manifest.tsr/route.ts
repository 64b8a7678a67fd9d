import { roomPackManifestProofRoute } from "@/lib/features/api/proof-downloads";

// GET /api/rooms/{id}/evidence/{packId}/manifest.tsr — the RFC 3161 token of a room's evidence pack's manifest.json (owner only);
// 404 until granted, or for an unknown pack or another creator's
export const GET = roomPackManifestProofRoute("tsr");
