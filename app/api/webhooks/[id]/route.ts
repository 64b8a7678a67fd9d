import { route } from "@/lib/api/handler";
import { parseRouteId } from "@/lib/api/route-id";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { deleteWebhook, WEBHOOK_NOT_FOUND } from "@/lib/webhooks/endpoints";

// DELETE /api/webhooks/{id} — remove an endpoint with its queued deliveries and log
export const DELETE = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const id = parseRouteId((await params).id, WEBHOOK_NOT_FOUND);
  await enforceRateLimits(rateLimits.webhookWrites(user.id));
  await deleteWebhook(user.id, id);
  return new Response(null, { status: 204 });
});
