import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listActivity } from "@/lib/activity";
import { parseIdeaId } from "@/lib/ideas/id";

/** A non-negative integer query parameter; anything else falls back to the default. */
function intParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  return raw && /^\d{1,7}$/.test(raw) ? Number(raw) : undefined;
}

// GET /api/ideas/{id}/activity?offset=&limit= — the idea's timeline, newest first, one page (owner only)
export const GET = privateRoute<{ id: string }>(async (req, { params }) => {
  const user = await requireUser();
  const search = new URL(req.url).searchParams;
  return Response.json(await listActivity(user.id, parseIdeaId((await params).id), { offset: intParam(search, "offset"), limit: intParam(search, "limit") }));
});
