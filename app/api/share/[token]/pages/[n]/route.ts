import { readerPageRoute } from "@/lib/features/api/reader-pages";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { recipientReader } from "@/lib/domain/shares/pages";

// GET /api/share/{token}/pages/{n}?width=W — page n as WebP with the recipient's identity burned in (W: 320–2000, default 1200)
export const GET = readerPageRoute({ token: recordIdParam(INVALID_LINK) }, (params, secrets) => recipientReader(params.token, secrets));
