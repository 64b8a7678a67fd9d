import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { parseIdeaId } from "@/lib/ideas/id";
import { createDraftVersion, listVersions } from "@/lib/ideas/versions";

type Params = { id: string };

// GET /api/ideas/{id}/versions — the idea's versions, newest first, each with its proof's state
export const GET = route<Params>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await listVersions(user.id, parseIdeaId((await params).id)));
});

// POST /api/ideas/{id}/versions — 'New version': a draft from the latest published version (409 if one is open)
export const POST = route<Params>(async (_req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  return Response.json(await createDraftVersion(user.id, parseIdeaId((await params).id)), { status: 201 });
});
