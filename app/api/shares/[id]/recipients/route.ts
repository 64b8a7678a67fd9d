import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listShareRecipients } from "@/lib/recipients/evidence";
import { parseRouteId } from "@/lib/api/route-id";
import { SHARE_NOT_FOUND } from "@/lib/shares";

// GET /api/shares/{id}/recipients — who identified on the link, their agreement and their views (owner only)
export const GET = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await listShareRecipients(user.id, parseRouteId((await params).id, SHARE_NOT_FOUND)));
});
