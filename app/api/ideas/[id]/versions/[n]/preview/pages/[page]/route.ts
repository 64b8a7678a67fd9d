import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { requireUser } from "@/lib/auth/session";
import { parseIdeaId } from "@/lib/ideas/id";
import { parseVersionNumber } from "@/lib/ideas/versions";
import { pageImageResponse, parsePageNumber, parsePageWidth, previewPage } from "@/lib/shares/pages";

// GET /api/ideas/{id}/versions/{n}/preview/pages/{page}?width=W — that page of version n as a recipient will see it,
// marked with the owner's name '(Preview)'
export const GET = route<{ id: string; n: string; page: string }>(async (req, { params }) => {
  const user = await requireUser();
  const p = await params;
  const target = { shareId: null, version: parseVersionNumber(p.n) };
  const width = parsePageWidth(new URL(req.url).searchParams.get("width"));
  return pageImageResponse(await previewPage(user, parseIdeaId(p.id), target, parsePageNumber(p.page), width, clientIp(req.headers)));
});
