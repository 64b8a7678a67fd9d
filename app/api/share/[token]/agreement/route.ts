import { privateRoute } from "@/lib/api/handler";
import { parseRouteId } from "@/lib/api/route-id";
import { agreementForBrowser } from "@/lib/recipients/agreement";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token}/agreement — the agreement as rendered for this browser's recipient (text, SHA-256, download copy)
export const GET = privateRoute<{ token: string }>(async (_req, { params }) => {
  const token = parseRouteId((await params).token, INVALID_LINK);
  return Response.json(await agreementForBrowser(token, await readRecipientSecrets()));
});
