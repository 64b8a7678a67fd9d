import { jsonBody, recipientRoute } from "@/lib/features/api/routes";
import { accessTokenParam } from "@/lib/domain/validation/path-params";
import { recordEngagement } from "@/lib/features/engagement/report";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { engagementSchema } from "@/lib/domain/validation/engagement";

/** A report holds at most 500 small entries; far below the default 1 MB. */
const MAX_BODY_BYTES = 32 * 1024;

// POST /api/share/{token}/engagement — the reader's reading time per page/section since its last report (also sent
// with navigator.sendBeacon: a Blob of type application/json); 204, clipped to the time that passed
export const POST = recipientRoute({
  params: { token: accessTokenParam(INVALID_LINK) },
  body: jsonBody(engagementSchema, { maxBytes: MAX_BODY_BYTES }),
  // Its limit (rateLimits.engagement, per recipient) is counted inside the report's one SQL statement, keyed on the
  // recipient the gate finds there: lib/features/engagement/report.ts.
  handler: async ({ params, body, secrets }) => {
    await recordEngagement(params.token, secrets, body);
    return new Response(null, { status: 204 });
  },
});
