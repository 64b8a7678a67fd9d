import { z } from "zod";
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEventType } from "@/lib/domain/validation/webhook-events";

export { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEventType };

/**
 * The shape of an endpoint's address; where it may point (https, public addresses) is decided on the server by
 * lib/domain/webhooks/address.ts, which knows the environment and resolves the host.
 */
export const webhookUrlSchema = z
  .string({ error: "Enter the endpoint's URL." })
  .trim()
  .min(1, "Enter the endpoint's URL.")
  .max(MAX_WEBHOOK_URL_LENGTH, `The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`)
  .refine((v) => URL.canParse(v), "Enter a full URL, e.g. https://example.com/webhooks.")
  .refine((v) => !URL.canParse(v) || ["https:", "http:"].includes(new URL(v).protocol), "The URL must start with https://.")
  .refine((v) => !URL.canParse(v) || (!new URL(v).username && !new URL(v).password), "The URL must not contain a user name or password.");

/** POST /api/webhooks. */
export const createWebhookSchema = z.strictObject({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(", ")}.` }), { error: "Choose at least one event." })
    .min(1, "Choose at least one event.")
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
