import { ownerRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { rateLimits } from "@/lib/rate-limit/policies";
import { deleteWebhook, WEBHOOK_NOT_FOUND } from "@/lib/webhooks/endpoints";

// DELETE /api/webhooks/{id} — remove an endpoint with its queued deliveries and log
export const DELETE = ownerRoute({
  params: { id: recordIdParam(WEBHOOK_NOT_FOUND) },
  rateLimitChecked: ({ user }) => rateLimits.webhookWrites(user.id),
  handler: async ({ user, params }) => {
    await deleteWebhook(user.id, params.id);
    return new Response(null, { status: 204 });
  },
});
