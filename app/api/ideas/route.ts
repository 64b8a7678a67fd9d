import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { createIdea, listIdeas } from "@/lib/ideas";
import { ideaInputSchema, MAX_IDEA_BODY_BYTES } from "@/lib/validation/ideas";

// GET /api/ideas — the creator's ideas, list fields only
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await listIdeas(user.id));
});

// POST /api/ideas — create a draft idea
export const POST = route(async (req) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  const input = await parseJson(req, ideaInputSchema, { maxBytes: MAX_IDEA_BODY_BYTES });
  return Response.json(await createIdea(user.id, input), { status: 201 });
});
