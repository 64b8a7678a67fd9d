import { privateRoute } from "@/lib/api/handler";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { getIdeaTimestamp, ideaOfAgreedRecipient } from "@/lib/timestamps";

// GET /api/share/{token}/timestamp — the shared idea's timestamp state, for this browser's agreed recipient in its view window
export const GET = privateRoute<{ token: string }>(async (_req, { params }) => {
  const { ownerId, ideaId } = await ideaOfAgreedRecipient((await params).token, await readRecipientSecrets());
  return Response.json(await getIdeaTimestamp(ownerId, ideaId));
});
