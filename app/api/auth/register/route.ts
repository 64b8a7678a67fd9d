import { route, parseJson } from "@/lib/api/handler";
import { registerSchema } from "@/lib/validation/auth";
import { registerUser } from "@/lib/auth/accounts";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";

// POST /api/auth/register — create an account (invite-only unless REGISTRATION_MODE=open)
export const POST = route(async (req) => {
  const input = await parseJson(req, registerSchema);
  await enforceRateLimits(rateLimits.register(clientIp(req.headers), input.email));
  await registerUser(input);
  return Response.json({ success: true }, { status: 201 });
});
