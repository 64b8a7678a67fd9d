import { publicRoute } from "@/lib/features/api/routes";
import { resetPasswordSchema } from "@/lib/domain/validation/auth";
import { resetPassword } from "@/lib/domain/auth/password-reset";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/auth/reset-password — set a new password with a reset token
export const POST = publicRoute({
  rateLimit: ({ ip }) => rateLimits.resetPassword(ip),
  body: resetPasswordSchema,
  handler: async ({ body }) => {
    await resetPassword(body.token, body.password);
    return Response.json({ success: true });
  },
});
