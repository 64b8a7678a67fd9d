import { recipientRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { downloadResponse } from "@/lib/http/download";
import { getIdeaOts, ideaOfAgreedRecipient } from "@/lib/timestamps";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token}/timestamp/ots — the .ots of the version the link shows, for this browser's agreed recipient in its view window
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => {
    const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(params.token, secrets);
    const { bytes, fileName } = await getIdeaOts(ownerId, ideaId, version);
    return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
  },
});
