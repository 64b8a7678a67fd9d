import { privateRoute } from "@/lib/api/handler";
import { lookupSharedIdea } from "@/lib/shares/views";
import { readPasscodeProofs, readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token} — the shared idea's title and owner; its content only for this browser's agreed recipient (consumes a view);
// {requiresPasscode: true} and nothing else while the link's passcode is missing
export const GET = privateRoute<{ token: string }>(async (req, { params }) => {
  const token = parseRouteId((await params).token, INVALID_LINK);
  return Response.json(await lookupSharedIdea(token, await readRecipientSecrets(), requestClient(req), await readPasscodeProofs()));
});
