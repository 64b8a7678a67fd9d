import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { downloadResponse } from "@/lib/platform/http/download";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { getEvidencePackOts } from "@/lib/domain/evidence/pack";
import { OTS_MEDIA_TYPE } from "@/lib/domain/timestamps/ots";

// GET /api/ideas/{id}/evidence/{packId}/manifest.ots — the proof of an evidence pack's manifest.json (owner only);
// 409 while the calendars have not received its digest, 404 for an unknown pack or another creator's
export const GET = ownerRoute({
  params: { id: ideaIdParam, packId: recordIdParam("Evidence pack not found") },
  handler: async ({ user, params }) => {
    const { bytes, fileName } = await getEvidencePackOts(user.id, params.id, params.packId);
    return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
  },
});
