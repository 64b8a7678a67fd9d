import { privateRoute } from "@/lib/api/handler";
import { downloadResponse } from "@/lib/http/download";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { getIdeaStampedFile, ideaOfAgreedRecipient } from "@/lib/timestamps";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/access";

// GET /api/share/{token}/timestamp/file — the exact stamped bytes of the shared idea, for this browser's agreed recipient in its view window
export const GET = privateRoute<{ token: string }>(async (_req, { params }) => {
  const { ownerId, ideaId } = await ideaOfAgreedRecipient(parseRouteId((await params).token, INVALID_LINK), await readRecipientSecrets());
  const file = await getIdeaStampedFile(ownerId, ideaId);
  return downloadResponse(file.bytes, file.fileName, file.contentType);
});
