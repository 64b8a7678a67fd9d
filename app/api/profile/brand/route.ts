import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { getBrandSettings, updateBrandSettings } from "@/lib/domain/brand";
import { brandUpdateSchema } from "@/lib/domain/validation/brand";

// GET /api/profile/brand — the sender's brand: { displayName, accentColor, logoUrl } (nulls where unset)
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await getBrandSettings(user.id)),
});

// PUT /api/profile/brand — set the display name and accent colour ({ displayName, accentColor }, null clears)
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.profileWrites(user.id),
  body: brandUpdateSchema,
  handler: async ({ user, body }) => Response.json(await updateBrandSettings(user.id, body)),
});
