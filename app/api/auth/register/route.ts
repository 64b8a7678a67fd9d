import { route, parseJson } from "@/lib/api/handler";
import { registerSchema } from "@/lib/validation/auth";
import { registerUser } from "@/lib/auth/accounts";
import { isEmailVerified, sendVerificationEmail } from "@/lib/auth/email-verification";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";
import { appOrigin } from "@/lib/http/origin";

// POST /api/auth/register — create an account (invite-only unless REGISTRATION_MODE=open); an account that did not
// come through an invitation is mailed a verification link
export const POST = route(async (req) => {
  const input = await parseJson(req, registerSchema);
  await enforceRateLimits(rateLimits.register(clientIp(req.headers), input.email));
  const user = await registerUser(input);
  if (!isEmailVerified(user)) {
    // The account exists either way: a mail that could not go out is sent again from the banner's 'Resend link'.
    await sendVerificationEmail(user, appOrigin(req)).catch((err) => console.error("[auth] verification e-mail failed", err));
  }
  return Response.json({ success: true }, { status: 201 });
});
