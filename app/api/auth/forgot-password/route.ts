import { after } from "next/server";
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
  const origin = appOrigin(req);
  // After the answer: an existing account's extra work (token, e-mail) must not show in the response time.
  after(() => requestPasswordReset(input.email, origin).catch((err) => console.error("[auth] password reset e-mail failed", err)));
  return Response.json({ success: true, message: SENT });
});
