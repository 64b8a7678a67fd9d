import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { deleteWebhook, WEBHOOK_NOT_FOUND } from "@/lib/domain/webhooks/endpoints";

// DELETE /api/webhooks/{id} — remove an endpoint with its queued deliveries and log
export const DELETE = ownerRoute({
  params: { id: recordIdParam(WEBHOOK_NOT_FOUND) },
  rateLimitChecked: ({ user }) => rateLimits.webhookWrites(user.id),
  handler: async ({ user, params }) => {
    await deleteWebhook(user.id, params.id);
    return new Response(null, { status: 204 });
  },
});
