import { privateRoute } from "@/lib/api/handler";
import { getSharedIdea } from "@/lib/shares/views";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/access";

// GET /api/share/{token} — the shared idea's title and owner; its content only for this browser's agreed recipient (consumes a view)
export const GET = privateRoute<{ token: string }>(async (req, { params }) => {
  const token = parseRouteId((await params).token, INVALID_LINK);
  return Response.json(await getSharedIdea(token, await readRecipientSecrets(), requestClient(req)));
});
