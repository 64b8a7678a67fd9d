import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { profileUpdateSchema } from "@/lib/domain/validation/auth";
import { updateProfile } from "@/lib/features/profile";

// PUT /api/profile — change the display name and/or showEmailOnCertificates (the e-mail is ignored: it cannot be changed)
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.profileWrites(user.id),
  body: profileUpdateSchema,
  handler: async ({ user, body }) => Response.json(await updateProfile(user.id, { name: body.name, showEmailOnCertificates: body.showEmailOnCertificates })),
});
