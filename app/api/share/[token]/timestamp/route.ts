import { privateRoute } from "@/lib/api/handler";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { getIdeaTimestamp, ideaOfAgreedRecipient } from "@/lib/timestamps";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token}/timestamp — the timestamp state of the version the link shows, for this browser's agreed recipient in its view window
export const GET = privateRoute<{ token: string }>(async (_req, { params }) => {
  const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(parseRouteId((await params).token, INVALID_LINK), await readRecipientSecrets());
  return Response.json(await getIdeaTimestamp(ownerId, ideaId, version));
});
