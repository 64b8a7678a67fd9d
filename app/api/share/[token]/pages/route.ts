import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { recipientPageList, recipientReader } from "@/lib/domain/shares/pages";
import { recipientPageLimits } from "@/lib/platform/rate-limit/policies";

// GET /api/share/{token}/pages — {pageCount, pages: [{n, width, height}]} of the shared PDF, for the recipient the gate lets read
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  // The page budget is the reader's: keyed on the recipient the gate finds, counted only once it was found.
  load: ({ params, secrets }) => recipientReader(params.token, secrets),
  rateLimitChecked: ({ loaded, client }) => recipientPageLimits(loaded.recipient.id, client.ip),
  handler: async ({ loaded }) => Response.json(await recipientPageList(loaded)),
});
