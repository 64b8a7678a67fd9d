import { ownerRoute } from "@/lib/api/routes";
import { rateLimits } from "@/lib/rate-limit/policies";
import { profileUpdateSchema } from "@/lib/validation/auth";
import { updateProfile } from "@/lib/profile";

// PUT /api/profile — change the display name and/or showEmailOnCertificates (the e-mail is ignored: it cannot be changed)
export const PUT = ownerRoute({
  rateLimit: ({ user }) => rateLimits.profileWrites(user.id),
  body: profileUpdateSchema,
  handler: async ({ user, body }) => Response.json(await updateProfile(user.id, { name: body.name, showEmailOnCertificates: body.showEmailOnCertificates })),
});
