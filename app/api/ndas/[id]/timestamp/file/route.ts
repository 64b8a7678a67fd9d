import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
import { downloadResponse } from "@/lib/platform/http/download";
import { getNdaEvidenceFile } from "@/lib/domain/evidence/proofs";

// GET /api/ndas/{id}/timestamp/file — the acceptance record's canonical JSON, the exact bytes its proof commits to
export const GET = ownerRoute({
  params: { id: recordIdParam(AGREEMENT_NOT_FOUND) },
  handler: async ({ user, params }) => {
    const file = await getNdaEvidenceFile(user.id, params.id);
    return downloadResponse(file.bytes, file.fileName, file.contentType);
  },
});
