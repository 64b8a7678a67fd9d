import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { NotFoundError } from "@/lib/api/errors";
import { listIdeaNdas } from "@/lib/timestamps";
import { ideaIdSchema } from "@/lib/validation/ideas";

// GET /api/ideas/{id}/ndas — the owner's NDA acceptance records of the idea, each with its timestamp state
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const parsed = ideaIdSchema.safeParse((await params).id);
  if (!parsed.success) throw new NotFoundError("Idea not found");
  return Response.json(await listIdeaNdas(user.id, parsed.data), { headers: { "Cache-Control": "private, no-store" } });
});
