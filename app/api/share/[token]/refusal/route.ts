import { recipientRoute } from "@/lib/features/api/routes";
import { liveLinkCountingFailures } from "@/lib/features/api/share-lookup";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { refusalFor } from "@/lib/domain/shares/views";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token}/refusal — {message}: the server's words for why this browser cannot open the link when it has
// any ('You have already opened this one-time link; ask {sender} for a new one' to the browser that used it), else
// null; an unknown, revoked or expired link is the 404 every look-up gets. Read-only: it never consumes a view.
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  load: ({ params, client }) => liveLinkCountingFailures(params.token, client.ip),
  handler: async ({ loaded, secrets }) => Response.json({ message: await refusalFor(loaded, secrets) }),
});
