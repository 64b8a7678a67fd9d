import { privateRoute, parseJson } from "@/lib/api/handler";
import { accessTokenSchema, parseRouteId } from "@/lib/api/route-id";
import { recordEngagement } from "@/lib/engagement";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { INVALID_LINK } from "@/lib/shares/link-state";
import { engagementSchema } from "@/lib/validation/engagement";

/** A report holds at most 500 small entries; far below the default 1 MB. */
const MAX_BODY_BYTES = 32 * 1024;

// POST /api/share/{token}/engagement — the reader's reading time per page/section since its last report (also sent
// with navigator.sendBeacon: a Blob of type application/json); 204, clipped to the time that passed
export const POST = privateRoute<{ token: string }>(async (req, { params }) => {
  const token = parseRouteId((await params).token, INVALID_LINK, accessTokenSchema);
  const input = await parseJson(req, engagementSchema, { maxBytes: MAX_BODY_BYTES });
  await recordEngagement(token, await readRecipientSecrets(), input);
  return new Response(null, { status: 204 });
});
