import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { evidenceLogStream, NDJSON_MEDIA_TYPE } from "@/lib/domain/evidence/log";

// GET /api/ideas/{id}/evidence/log — the idea's evidence log (hash chain and anchors) as JSON Lines (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const body = await evidenceLogStream(user.id, params.id);
    return new Response(body, { status: 200, headers: { "Content-Type": NDJSON_MEDIA_TYPE } });
  },
});
