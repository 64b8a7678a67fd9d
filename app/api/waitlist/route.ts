import { publicRoute } from "@/lib/features/api/routes";
import { waitlistSchema } from "@/lib/domain/validation/waitlist";
import { joinWaitlist } from "@/lib/features/waitlist";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/waitlist — join the waitlist; alreadyExists tells a repeat address apart
export const POST = publicRoute({
  body: waitlistSchema,
  rateLimitChecked: ({ ip, body }) => rateLimits.waitlist(ip, body.email),
  handler: async ({ body }) => {
    const result = await joinWaitlist(body);
    return Response.json(result, { status: result.alreadyExists ? 200 : 201 });
  },
});
