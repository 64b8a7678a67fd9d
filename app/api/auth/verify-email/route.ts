import { route, parseJson } from "@/lib/api/handler";
import { verifyEmailSchema } from "@/lib/validation/auth";
import { verifyEmailToken } from "@/lib/auth/email-verification";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";

// POST /api/auth/verify-email — spend an e-mailed verification link: {verified: true}, or 400 when it is unknown,
// used or expired. No session needed: the link may be opened on another device than the one that registered.
export const POST = route(async (req) => {
  await enforceRateLimits(rateLimits.verifyEmail(clientIp(req.headers)));
  const input = await parseJson(req, verifyEmailSchema);
  await verifyEmailToken(input.token);
  return Response.json({ verified: true });
});
