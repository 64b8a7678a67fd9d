import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { downloadResponse } from "@/lib/platform/http/download";
import { getIdeaOts, ideaOfAgreedRecipient } from "@/lib/domain/evidence/proofs";
import { OTS_MEDIA_TYPE } from "@/lib/domain/timestamps/ots";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token}/timestamp/ots — the .ots of the version the link shows, for this browser's agreed recipient in its view window
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => {
    const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(params.token, secrets);
    const { bytes, fileName } = await getIdeaOts(ownerId, ideaId, version);
    return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
  },
});
