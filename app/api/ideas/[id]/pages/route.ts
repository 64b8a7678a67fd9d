import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { requireUser } from "@/lib/auth/session";
import { parseIdeaId } from "@/lib/ideas/id";
import { ownerPageList } from "@/lib/shares/pages";

// GET /api/ideas/{id}/pages — the owner's preview of a PDF idea's pages: {pageCount, pages: [{n, width, height}]}
export const GET = route<{ id: string }>(async (req, { params }) => {
  const user = await requireUser();
  return Response.json(await ownerPageList(user.id, parseIdeaId((await params).id), clientIp(req.headers)));
});
