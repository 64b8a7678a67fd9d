import { readerPageListRoute } from "@/lib/features/api/reader-pages";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { recipientItemReader } from "@/lib/domain/rooms/recipient";

// GET /api/share/{token}/items/{ideaId}/pages — a room link's item's pages, as GET /api/share/{token}/pages for an idea link
// (404 until the item was opened in the recipient's current view window)
export const GET = readerPageListRoute({ token: recordIdParam(INVALID_LINK), ideaId: ideaIdParam }, (params, secrets) => recipientItemReader(params.token, params.ideaId, secrets));
