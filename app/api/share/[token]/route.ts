import { recipientRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { lookupSharedIdea } from "@/lib/shares/views";
import { INVALID_LINK } from "@/lib/shares/link-state";

// GET /api/share/{token} — the shared idea's title and owner; its content only for this browser's agreed recipient (consumes a view);
// {requiresPasscode: true} and nothing else while the link's passcode is missing
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  // Unknown tokens are failure accounting per address (rateLimits.shareLookup), counted where the lookup fails.
  handler: async ({ params, secrets, client, passcodes }) => Response.json(await lookupSharedIdea(params.token, secrets, client, passcodes)),
});
