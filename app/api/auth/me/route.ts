import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { getProfile } from "@/lib/profile";

// GET /api/auth/me — the signed-in user's name, email, profileImage, showEmailOnCertificates and whether the e-mail address is verified
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ ...(await getProfile(user.id)), emailVerified: user.emailVerified });
});
