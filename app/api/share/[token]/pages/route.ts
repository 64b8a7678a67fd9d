import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { recipientPageList } from "@/lib/domain/shares/pages";

// GET /api/share/{token}/pages — {pageCount, pages: [{n, width, height}]} of the shared PDF, for the recipient the gate lets read
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK) },
  // Its limit (rateLimits.pageImages, per recipient) is counted in lib/domain/shares/pages.ts, where the gate found the recipient.
  handler: async ({ params, secrets, client }) => Response.json(await recipientPageList(params.token, secrets, client.ip)),
});
