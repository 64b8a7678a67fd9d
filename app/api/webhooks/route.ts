import { jsonBody, ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { createWebhookSchema } from "@/lib/domain/validation/webhooks";
import { createWebhook, listWebhooks } from "@/lib/domain/webhooks/endpoints";

// GET /api/webhooks — the account's endpoints with their events and recent deliveries (never a secret)
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await listWebhooks(user.id)),
});

// POST /api/webhooks — add an endpoint {url, events}; 201 with its secret, shown this once
export const POST = ownerRoute({
  rateLimit: ({ user }) => rateLimits.webhookWrites(user.id),
  body: jsonBody(createWebhookSchema, { maxBytes: 10_000 }),
  handler: async ({ user, body }) => Response.json(await createWebhook(user.id, body), { status: 201 }),
});
