import { readerPageListRoute } from "@/lib/features/api/reader-pages";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { recipientReader } from "@/lib/domain/shares/pages";

// GET /api/share/{token}/pages — {pageCount, pages: [{n, width, height}]} of the shared PDF, for the recipient the gate lets read
export const GET = readerPageListRoute({ token: recordIdParam(INVALID_LINK) }, (params, secrets) => recipientReader(params.token, secrets));
