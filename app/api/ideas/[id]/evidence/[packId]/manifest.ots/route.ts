import { ownerRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { downloadResponse } from "@/lib/http/download";
import { ideaIdParam } from "@/lib/ideas/id";
import { getEvidencePackOts } from "@/lib/evidence/pack";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";

// GET /api/ideas/{id}/evidence/{packId}/manifest.ots — the proof of an evidence pack's manifest.json (owner only);
// 409 while the calendars have not received its digest, 404 for an unknown pack or another creator's
export const GET = ownerRoute({
  params: { id: ideaIdParam, packId: recordIdParam("Evidence pack not found") },
  handler: async ({ user, params }) => {
    const { bytes, fileName } = await getEvidencePackOts(user.id, params.id, params.packId);
    return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
  },
});
