import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { linkAgreementForBrowser } from "@/lib/domain/rooms/agreement";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token}/agreement — the agreement as rendered for this browser's recipient (text, SHA-256, download copy); a room link's names each idea of the room by its SHA-256
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  handler: async ({ params, secrets }) => Response.json(await linkAgreementForBrowser(params.token, secrets)),
});
