import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { requireUser } from "@/lib/auth/session";
import { parseIdeaId } from "@/lib/ideas/id";
import { ownerPage, pageImageResponse, parsePageNumber, parsePageWidth } from "@/lib/shares/pages";

// GET /api/ideas/{id}/pages/{n}?width=W — the owner's preview of page n, unmarked (what recipients see, without their mark)
export const GET = route<{ id: string; n: string }>(async (req, { params }) => {
  const user = await requireUser();
  const { id, n } = await params;
  const ideaId = parseIdeaId(id);
  const page = parsePageNumber(n);
  return pageImageResponse(await ownerPage(user.id, ideaId, page, parsePageWidth(new URL(req.url).searchParams.get("width")), clientIp(req.headers)));
});
