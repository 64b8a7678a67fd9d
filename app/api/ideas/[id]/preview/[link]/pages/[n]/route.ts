import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { requireUser } from "@/lib/auth/session";
import { parseIdeaId } from "@/lib/ideas/id";
import { pageImageResponse, parsePageNumber, parsePageWidth, previewLinkId, previewPage } from "@/lib/shares/pages";

// GET /api/ideas/{id}/preview/{shareId|new}/pages/{n}?width=W — page n as a recipient sees it, marked with the owner's name '(Preview)'
export const GET = route<{ id: string; link: string; n: string }>(async (req, { params }) => {
  const user = await requireUser();
  const { id, link, n } = await params;
  const ideaId = parseIdeaId(id);
  const page = parsePageNumber(n);
  return pageImageResponse(await previewPage(user, ideaId, { shareId: previewLinkId(link) }, page, parsePageWidth(new URL(req.url).searchParams.get("width")), clientIp(req.headers)));
});
