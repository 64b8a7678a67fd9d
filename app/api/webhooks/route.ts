import { parseJson, route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { createWebhookSchema } from "@/lib/validation/webhooks";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";

// GET /api/webhooks — the account's endpoints with their events and recent deliveries (never a secret)
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await listWebhooks(user.id));
});

// POST /api/webhooks — add an endpoint {url, events}; 201 with its secret, shown this once
export const POST = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.webhookWrites(user.id));
  const input = await parseJson(req, createWebhookSchema, { maxBytes: 10_000 });
  return Response.json(await createWebhook(user.id, input), { status: 201 });
});
