import { publicRoute } from "@/lib/features/api/routes";
import { registerSchema } from "@/lib/domain/validation/auth";
import { registerUser } from "@/lib/domain/auth/accounts";
import { isEmailVerified, sendVerificationEmail } from "@/lib/domain/auth/email-verification";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { appOrigin } from "@/lib/platform/http/origin";

// POST /api/auth/register — create an account (invite-only unless REGISTRATION_MODE=open); an account that did not
// come through an invitation is mailed a verification link
export const POST = publicRoute({
  body: registerSchema,
  rateLimitChecked: ({ ip, body }) => rateLimits.register(ip, body.email),
  handler: async ({ req, body }) => {
    const user = await registerUser(body);
    if (!isEmailVerified(user)) {
      // The account exists either way: a mail that could not go out is sent again from the banner's 'Resend link'.
      await sendVerificationEmail(user, appOrigin(req)).catch((err) => console.error("[auth] verification e-mail failed", err));
    }
    return Response.json({ success: true }, { status: 201 });
  },
});
