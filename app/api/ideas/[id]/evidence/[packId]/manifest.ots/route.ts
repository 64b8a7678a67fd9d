import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { parseRouteId } from "@/lib/api/route-id";
import { downloadResponse } from "@/lib/http/download";
import { parseIdeaId } from "@/lib/ideas/id";
import { getEvidencePackOts } from "@/lib/evidence/pack";
import { OTS_MEDIA_TYPE } from "@/lib/timestamps/ots";

// GET /api/ideas/{id}/evidence/{packId}/manifest.ots — the proof of an evidence pack's manifest.json (owner only);
// 409 while the calendars have not received its digest, 404 for an unknown pack or another creator's
export const GET = route<{ id: string; packId: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const { id, packId } = await params;
  const ideaId = parseIdeaId(id);
  const { bytes, fileName } = await getEvidencePackOts(user.id, ideaId, parseRouteId(packId, "Evidence pack not found"));
  return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
});
