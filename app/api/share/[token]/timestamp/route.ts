import { recipientRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { getIdeaTimestamp, ideaOfAgreedRecipient } from "@/lib/timestamps";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token}/timestamp — the timestamp state of the version the link shows, for this browser's agreed recipient in its view window
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => {
    const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(params.token, secrets);
    return Response.json(await getIdeaTimestamp(ownerId, ideaId, version));
  },
});
