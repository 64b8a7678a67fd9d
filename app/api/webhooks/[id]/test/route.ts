import { ownerRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { sendTestEvent, WEBHOOK_NOT_FOUND } from "@/lib/domain/webhooks/endpoints";

// An attempt waits at most 10 s for the receiver (lib/domain/webhooks/post.ts), plus its DNS check.
export const maxDuration = 30;

// POST /api/webhooks/{id}/test — send a `webhook.test` event now; answers the delivery with its first attempt
export const POST = ownerRoute({
  params: { id: recordIdParam(WEBHOOK_NOT_FOUND) },
  rateLimitChecked: ({ user }) => rateLimits.webhookTest(user.id),
  handler: async ({ user, params }) => Response.json(await sendTestEvent(user.id, params.id)),
});
