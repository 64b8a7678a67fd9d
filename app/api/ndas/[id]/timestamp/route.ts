import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { getNdaTimestamp } from "@/lib/timestamps";
import { parseRouteId } from "@/lib/api/route-id";

// GET /api/ndas/{id}/timestamp — the timestamp of an NDA acceptance record of one of the owner's ideas
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await getNdaTimestamp(user.id, parseRouteId((await params).id, "Agreement not found")));
});
