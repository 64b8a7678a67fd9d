import { privateRoute } from "@/lib/api/handler";
import { downloadResponse } from "@/lib/http/download";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { getIdeaOts, ideaOfAgreedRecipient } from "@/lib/timestamps";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token}/timestamp/ots — the .ots of the version the link shows, for this browser's agreed recipient in its view window
export const GET = privateRoute<{ token: string }>(async (_req, { params }) => {
  const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(parseRouteId((await params).token, INVALID_LINK), await readRecipientSecrets());
  const { bytes, fileName } = await getIdeaOts(ownerId, ideaId, version);
  return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
});
