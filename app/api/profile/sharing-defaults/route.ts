import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { getSharingDefaults, updateSharingDefaults } from "@/lib/profile/sharing-defaults";
import { sharingDefaultsSchema } from "@/lib/validation/share-link";

// GET /api/profile/sharing-defaults — { blockedDomains, allowDownload, screenShield, expiryDays }
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await getSharingDefaults(user.id));
});

// PUT /api/profile/sharing-defaults — change any of them (partial); answers all four
export const PUT = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.profileWrites(user.id));
  const input = await parseJson(req, sharingDefaultsSchema);
  return Response.json(await updateSharingDefaults(user.id, input));
});
