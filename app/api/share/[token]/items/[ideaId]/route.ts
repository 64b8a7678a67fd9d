import { recipientRoute } from "@/lib/features/api/routes";
import { liveLinkCountingFailures } from "@/lib/features/api/share-lookup";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { NotFoundError } from "@/lib/platform/http/errors";
import { sharedRoomItem } from "@/lib/domain/rooms/recipient";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";

// GET /api/share/{token}/items/{ideaId} — one item of a room link, answered as GET /api/share/{token} answers an idea link
// (its content for the agreed recipient, consuming a view; the item's pinned version and download switch); 404 once removed
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK), ideaId: ideaIdParam },
  load: async ({ params, client }) => {
    const link = await liveLinkCountingFailures(params.token, client.ip);
    if (link.ideaId !== null) throw new NotFoundError(INVALID_LINK);
    return link;
  },
  handler: async ({ params, loaded, secrets, client, passcodes }) => Response.json(await sharedRoomItem(loaded, params.ideaId, secrets, client, passcodes)),
});
