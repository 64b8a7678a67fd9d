import { publicRoute } from "@/lib/api/routes";
import { resetPasswordSchema } from "@/lib/validation/auth";
import { resetPassword } from "@/lib/auth/password-reset";
import { rateLimits } from "@/lib/rate-limit/policies";

// POST /api/auth/reset-password — set a new password with a reset token
export const POST = publicRoute({
  rateLimit: ({ ip }) => rateLimits.resetPassword(ip),
  body: resetPasswordSchema,
  handler: async ({ body }) => {
    await resetPassword(body.token, body.password);
    return Response.json({ success: true });
  },
});
