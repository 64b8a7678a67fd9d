import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
import { downloadResponse } from "@/lib/platform/http/download";
import { getNdaOts } from "@/lib/domain/evidence/proofs";
import { OTS_MEDIA_TYPE } from "@/lib/domain/timestamps/ots";

// GET /api/ndas/{id}/timestamp/ots — the .ots of an NDA acceptance record; 404 until one exists
export const GET = ownerRoute({
  params: { id: recordIdParam(AGREEMENT_NOT_FOUND) },
  handler: async ({ user, params }) => {
    const { bytes, fileName } = await getNdaOts(user.id, params.id);
    return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
  },
});
