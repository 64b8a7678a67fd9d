/**
 * Webhook events and limits without any zod: /profile lists an endpoint's events by label at first paint, and must not
 * pull a zod build into its first load for it. lib/domain/validation/webhooks.ts re-exports them.
 */

/** The events an endpoint can subscribe to (docs/sharing-and-the-gate.md, "Webhooks", describes each payload). */
export const WEBHOOK_EVENTS = ["nda.accepted", "view.first", "comment.created", "link.revoked", "timestamp.anchored"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What 'Send test event' delivers: to that endpoint only, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "nda.accepted": "NDA accepted",
  "view.first": "First view",
  "comment.created": "Comment",
  "link.revoked": "Link revoked",
  "timestamp.anchored": "Timestamp anchored in Bitcoin",
};

export const MAX_WEBHOOK_URL_LENGTH = 2000;
