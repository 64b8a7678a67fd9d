import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { resendVerificationEmail } from "@/lib/auth/email-verification";
import { clientIp } from "@/lib/http/client-ip";
import { appOrigin } from "@/lib/http/origin";

// POST /api/auth/verify-email/resend — mail the signed-in account a new verification link: 204, 409 when the
// address is already verified, 429 past the limit
export const POST = route(async (req) => {
  const user = await requireUser();
  await resendVerificationEmail(user.id, clientIp(req.headers), appOrigin(req));
  return new Response(null, { status: 204 });
});
