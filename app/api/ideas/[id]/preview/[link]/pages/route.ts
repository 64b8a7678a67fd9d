import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { requireUser } from "@/lib/auth/session";
import { parseIdeaId } from "@/lib/ideas/id";
import { previewLinkId, previewPageList } from "@/lib/shares/pages";

// GET /api/ideas/{id}/preview/{shareId|new}/pages — 'Preview as recipient' of a PDF idea: {pageCount, pages: [{n, width, height}]}
export const GET = route<{ id: string; link: string }>(async (req, { params }) => {
  const user = await requireUser();
  const { id, link } = await params;
  return Response.json(await previewPageList(user.id, parseIdeaId(id), { shareId: previewLinkId(link) }, clientIp(req.headers)));
});
