import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/http/download";
import { getNdaOts } from "@/lib/timestamps";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";
import { parseRouteId } from "@/lib/api/route-id";

// GET /api/ndas/{id}/timestamp/ots — the .ots of an NDA acceptance record; 404 until one exists
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const { bytes, fileName } = await getNdaOts(user.id, parseRouteId((await params).id, "Agreement not found"));
  return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
});
