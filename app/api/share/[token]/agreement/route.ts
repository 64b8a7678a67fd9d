import { recipientRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { agreementForBrowser } from "@/lib/recipients/agreement";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token}/agreement — the agreement as rendered for this browser's recipient (text, SHA-256, download copy)
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => Response.json(await agreementForBrowser(params.token, secrets)),
});
