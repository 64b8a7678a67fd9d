import { ownerRoute } from "@/lib/features/api/routes";
import { getProfile } from "@/lib/features/profile";

// GET /api/auth/me — the signed-in user's name, email, profileImage, showEmailOnCertificates and whether the e-mail address is verified
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json({ ...(await getProfile(user.id)), emailVerified: user.emailVerified }),
});
