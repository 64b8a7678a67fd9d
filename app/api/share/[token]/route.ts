import { recipientRoute } from "@/lib/features/api/routes";
import { liveShareCountingFailures } from "@/lib/features/api/share-lookup";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { lookupSharedIdea } from "@/lib/domain/shares/views";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token} — the shared idea's title and owner; its content only for this browser's agreed recipient (consumes a view);
// {requiresPasscode: true} and nothing else while the link's passcode is missing
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  // Unknown tokens are failure accounting per address (rateLimits.shareLookup), counted where the look-up fails.
  load: ({ params, client }) => liveShareCountingFailures(params.token, client.ip),
  handler: async ({ loaded, secrets, client, passcodes }) => Response.json(await lookupSharedIdea(loaded, secrets, client, passcodes)),
});
