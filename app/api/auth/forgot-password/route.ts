import { route, parseJson } from "@/lib/api/handler";
import { forgotPasswordSchema } from "@/lib/validation/auth";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";
import { appOrigin } from "@/lib/http/origin";

const SENT = "If an account exists for this address, password reset instructions have been sent to it.";

// POST /api/auth/forgot-password — e-mail a single-use reset link; same answer whether or not the account exists
export const POST = route(async (req) => {
  const input = await parseJson(req, forgotPasswordSchema);
  await enforceRateLimits(rateLimits.forgotPassword(clientIp(req.headers), input.email));
  await requestPasswordReset(input.email, appOrigin(req));
  return Response.json({ success: true, message: SENT });
});
