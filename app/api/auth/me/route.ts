import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";

// GET /api/auth/me — the signed-in user's name, email, profileImage and whether the e-mail address is verified
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ name: user.name, email: user.email, profileImage: user.profileImage, emailVerified: user.emailVerified });
});
