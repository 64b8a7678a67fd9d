import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { getIdeaTimestamp, ideaOfAgreedRecipient } from "@/lib/domain/evidence/proofs";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token}/timestamp — the timestamp state of the version the link shows, for this browser's agreed recipient in its view window
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => {
    const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(params.token, secrets);
    return Response.json(await getIdeaTimestamp(ownerId, ideaId, version));
  },
});
