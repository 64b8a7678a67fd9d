import { recipientRoute } from "@/lib/features/api/routes";
import { liveLinkCountingFailures } from "@/lib/features/api/share-lookup";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { lookupSharedIdea } from "@/lib/domain/shares/views";
import { sharedRoomOf } from "@/lib/domain/rooms/recipient";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token} — the shared idea's title and owner; its content only for this browser's agreed recipient (consumes a view);
// {requiresPasscode: true, sender} (the owner's name) and nothing else while the link's passcode is missing. A room link: {room: {name, user}}, with
// {note, items: [{ideaId, title, kind, version, pageCount, folder}]} for the agreed recipient (409 while the room is empty)
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  // Unknown tokens are failure accounting per address (rateLimits.shareLookup), counted where the look-up fails.
  load: ({ params, client }) => liveLinkCountingFailures(params.token, client.ip),
  handler: async ({ loaded, secrets, client, passcodes }) =>
    Response.json(loaded.ideaId === null ? await sharedRoomOf(loaded, secrets, passcodes) : await lookupSharedIdea(loaded, secrets, client, passcodes)),
});
