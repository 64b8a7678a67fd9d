import { readerPageRoute } from "@/lib/features/api/reader-pages";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { recipientItemReader } from "@/lib/domain/rooms/recipient";

// GET /api/share/{token}/items/{ideaId}/pages/{n}?width=W — a room link's item's page n, marked with the recipient's identity and
// the item's view code, as GET /api/share/{token}/pages/{n} for an idea link
export const GET = readerPageRoute({ token: recordIdParam(INVALID_LINK), ideaId: ideaIdParam }, (params, secrets) => recipientItemReader(params.token, params.ideaId, secrets));
