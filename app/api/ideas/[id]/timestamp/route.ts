import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { NotFoundError } from "@/lib/api/errors";
import { getIdeaTimestamp } from "@/lib/timestamps";
import { ideaIdSchema } from "@/lib/validation/ideas";

// GET /api/ideas/{id}/timestamp — the owner's view of the idea's timestamp proof (status, digest, Bitcoin block)
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const parsed = ideaIdSchema.safeParse((await params).id);
  if (!parsed.success) throw new NotFoundError("Idea not found");
  return Response.json(await getIdeaTimestamp(user.id, parsed.data), { headers: { "Cache-Control": "private, no-store" } });
});
