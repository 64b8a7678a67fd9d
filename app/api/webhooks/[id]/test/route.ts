import { route } from "@/lib/api/handler";
import { parseRouteId } from "@/lib/api/route-id";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { sendTestEvent, WEBHOOK_NOT_FOUND } from "@/lib/webhooks/endpoints";

// An attempt waits at most 10 s for the receiver (lib/webhooks/post.ts), plus its DNS check.
export const maxDuration = 30;

// POST /api/webhooks/{id}/test — send a `webhook.test` event now; answers the delivery with its first attempt
export const POST = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, WEBHOOK_NOT_FOUND);
  await enforceRateLimits(rateLimits.webhookTest(user.id));
  return Response.json(await sendTestEvent(user.id, id));
});
