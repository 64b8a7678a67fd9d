import { after } from "next/server";
import { publicRoute } from "@/lib/features/api/routes";
import { forgotPasswordSchema } from "@/lib/domain/validation/auth";
import { requestPasswordReset } from "@/lib/domain/auth/password-reset";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { appOrigin } from "@/lib/platform/http/origin";

const SENT = "If an account exists for this address, password reset instructions have been sent to it.";

// POST /api/auth/forgot-password — e-mail a single-use reset link; same answer whether or not the account exists
export const POST = publicRoute({
  body: forgotPasswordSchema,
  rateLimitChecked: ({ ip, body }) => rateLimits.forgotPassword(ip, body.email),
  handler: ({ req, body }) => {
    const origin = appOrigin(req);
    // After the answer: an existing account's extra work (token, e-mail) must not show in the response time.
    after(() => requestPasswordReset(body.email, origin).catch((err) => console.error("[auth] password reset e-mail failed", err)));
    return Response.json({ success: true, message: SENT });
  },
});
