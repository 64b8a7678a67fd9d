import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { publishIdea } from "@/lib/ideas";
import { parseIdeaId } from "@/lib/ideas/id";

// PUT /api/ideas/{id}/publish — publish a draft (read-only afterwards); publishing twice is harmless
export const PUT = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  return Response.json(await publishIdea(user.id, parseIdeaId((await params).id)));
});
