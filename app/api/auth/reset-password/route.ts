import { route, parseJson } from "@/lib/api/handler";
import { resetPasswordSchema } from "@/lib/validation/auth";
import { resetPassword } from "@/lib/auth/password-reset";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";

// POST /api/auth/reset-password — set a new password with a reset token
export const POST = route(async (req) => {
  await enforceRateLimits(rateLimits.resetPassword(clientIp(req.headers)));
  const input = await parseJson(req, resetPasswordSchema);
  await resetPassword(input.token, input.password);
  return Response.json({ success: true });
});
