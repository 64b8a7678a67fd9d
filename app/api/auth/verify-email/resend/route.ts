import { ownerRoute } from "@/lib/features/api/routes";
import { sendVerificationEmail, verificationResendTarget } from "@/lib/domain/auth/email-verification";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { appOrigin } from "@/lib/platform/http/origin";

// POST /api/auth/verify-email/resend — mail the signed-in account a new verification link: 204, 409 when the
// address is already verified, 429 past the limit
export const POST = ownerRoute({
  load: ({ user }) => verificationResendTarget(user.id),
  // Each call mails someone's address: only a few per account and per IP.
  rateLimitChecked: ({ user, ip }) => rateLimits.verifyEmailResend(user.id, ip),
  handler: async ({ req, loaded }) => {
    await sendVerificationEmail(loaded, appOrigin(req));
    return new Response(null, { status: 204 });
  },
});
