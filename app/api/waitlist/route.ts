import { route, parseJson } from "@/lib/api/handler";
import { waitlistSchema } from "@/lib/validation/waitlist";
import { joinWaitlist } from "@/lib/waitlist";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { clientIp } from "@/lib/http/client-ip";

// POST /api/waitlist — join the waitlist; alreadyExists tells a repeat address apart
export const POST = route(async (req) => {
  const input = await parseJson(req, waitlistSchema);
  await enforceRateLimits(rateLimits.waitlist(clientIp(req.headers), input.email));
  const result = await joinWaitlist(input);
  return Response.json(result, { status: result.alreadyExists ? 200 : 201 });
});
