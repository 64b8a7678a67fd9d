import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { agreementForBrowser } from "@/lib/domain/recipients/agreement";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token}/agreement — the agreement as rendered for this browser's recipient (text, SHA-256, download copy)
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => Response.json(await agreementForBrowser(params.token, secrets)),
});
