import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/domain/notifications/settings";
import { notificationSettingsSchema } from "@/lib/domain/validation/notifications";

// GET /api/profile/notifications — the owner's e-mail switches: { ndaAccepted, firstView, comments, proofAnchored }
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await getNotificationSettings(user.id)),
});

// PUT /api/profile/notifications — change any of the switches (partial); answers all of them
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.profileWrites(user.id),
  body: notificationSettingsSchema,
  handler: async ({ user, body }) => Response.json(await updateNotificationSettings(user.id, body)),
});
