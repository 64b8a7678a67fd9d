import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/notifications/settings";
import { notificationSettingsSchema } from "@/lib/validation/notifications";

// GET /api/profile/notifications — the owner's e-mail switches: { ndaAccepted, firstView, comments }
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await getNotificationSettings(user.id));
});

// PUT /api/profile/notifications — change any of the switches (partial); answers all three
export const PUT = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.profileWrites(user.id));
  const input = await parseJson(req, notificationSettingsSchema);
  return Response.json(await updateNotificationSettings(user.id, input));
});
