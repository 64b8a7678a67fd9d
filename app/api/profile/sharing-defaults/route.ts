import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { getSharingDefaults, updateSharingDefaults } from "@/lib/features/profile/sharing-defaults";
import { sharingDefaultsSchema } from "@/lib/domain/validation/share-link";

// GET /api/profile/sharing-defaults — { blockedDomains, allowDownload, screenShield, expiryDays, shareType }
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await getSharingDefaults(user.id)),
});

// PUT /api/profile/sharing-defaults — change any of them (partial); answers all five
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.profileWrites(user.id),
  body: sharingDefaultsSchema,
  handler: async ({ user, body }) => Response.json(await updateSharingDefaults(user.id, body)),
});
