import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { parseIdeaId } from "@/lib/ideas/id";
import { deleteDraftVersion, getVersion, parseVersionNumber, updateDraftVersion } from "@/lib/ideas/versions";
import { ideaInputSchema, MAX_IDEA_BODY_BYTES } from "@/lib/validation/ideas";

type Params = { id: string; n: string };

const ids = async (params: Promise<Params>) => {
  const p = await params;
  return [parseIdeaId(p.id), parseVersionNumber(p.n)] as const;
};

// GET /api/ideas/{id}/versions/{n} — one version with its content (published ones are read-only)
export const GET = route<Params>(async (_req, { params }) => {
  const user = await requireUser();
  const [id, n] = await ids(params);
  return Response.json(await getVersion(user.id, id, n));
});

// PUT /api/ideas/{id}/versions/{n} — save the draft version's title and content (a published one: 409)
export const PUT = route<Params>(async (req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  const [id, n] = await ids(params);
  const input = await parseJson(req, ideaInputSchema, { maxBytes: MAX_IDEA_BODY_BYTES });
  return Response.json(await updateDraftVersion(user.id, id, n, input));
});

// DELETE /api/ideas/{id}/versions/{n} — delete the draft version (204; a published one: 409)
export const DELETE = route<Params>(async (_req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  const [id, n] = await ids(params);
  await deleteDraftVersion(user.id, id, n);
  return new Response(null, { status: 204 });
});
