import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { requireUser } from "@/lib/auth/session";
import { parseIdeaId } from "@/lib/ideas/id";
import { parseVersionNumber } from "@/lib/ideas/versions";
import { previewPageList } from "@/lib/shares/pages";

// GET /api/ideas/{id}/versions/{n}/preview/pages — 'Preview as recipient' of a PDF idea's version n (a new version's
// draft before it is published): {pageCount, pages: [{n, width, height}]}
export const GET = route<{ id: string; n: string }>(async (req, { params }) => {
  const user = await requireUser();
  const p = await params;
  return Response.json(await previewPageList(user.id, parseIdeaId(p.id), { shareId: null, version: parseVersionNumber(p.n) }, clientIp(req.headers)));
});
