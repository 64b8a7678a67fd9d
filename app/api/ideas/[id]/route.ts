import { route, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { deleteIdea, getIdea, updateIdea } from "@/lib/ideas";
import { ideaInputSchema, MAX_IDEA_BODY_BYTES } from "@/lib/validation/ideas";
import { parseIdeaId } from "@/lib/ideas/id";

type Params = { id: string };

const ideaId = async (params: Promise<Params>) => parseIdeaId((await params).id);

// GET /api/ideas/{id} — one idea with its decrypted content
export const GET = route<Params>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await getIdea(user.id, await ideaId(params)));
});

// PUT /api/ideas/{id} — update a draft's title and content
export const PUT = route<Params>(async (req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  const id = await ideaId(params);
  const input = await parseJson(req, ideaInputSchema, { maxBytes: MAX_IDEA_BODY_BYTES });
  return Response.json(await updateIdea(user.id, id, input));
});

// DELETE /api/ideas/{id} — delete a draft and its files
export const DELETE = route<Params>(async (_req, { params }) => {
  const user = await requireUser();
  await enforceRateLimits(rateLimits.ideaWrites(user.id));
  await deleteIdea(user.id, await ideaId(params));
  return Response.json({ success: true });
});
