import { ownerRoute } from "@/lib/features/api/routes";
import { downloadResponse } from "@/lib/platform/http/download";
import { getIdeaOts } from "@/lib/domain/evidence/proofs";
import { OTS_MEDIA_TYPE } from "@/lib/domain/timestamps/ots";
import { ideaIdParam } from "@/lib/domain/ideas/id";

// GET /api/ideas/{id}/timestamp/ots — the OpenTimestamps proof (.ots) of the published idea; 404 until one exists
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const { bytes, fileName } = await getIdeaOts(user.id, params.id);
    return downloadResponse(bytes, fileName, OTS_MEDIA_TYPE);
  },
});
