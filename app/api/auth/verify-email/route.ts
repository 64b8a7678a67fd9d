import { publicRoute } from "@/lib/features/api/routes";
import { verifyEmailSchema } from "@/lib/domain/validation/auth";
import { verifyEmailToken } from "@/lib/domain/auth/email-verification";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/auth/verify-email — spend an e-mailed verification link: {verified: true}, or 400 when it is unknown,
// used or expired. No session needed: the link may be opened on another device than the one that registered.
export const POST = publicRoute({
  rateLimit: ({ ip }) => rateLimits.verifyEmail(ip),
  body: verifyEmailSchema,
  handler: async ({ body }) => {
    await verifyEmailToken(body.token);
    return Response.json({ verified: true });
  },
});
