import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { downloadHeaders } from "@/lib/platform/http/download";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { ownedRoomOr404, ROOM_NOT_FOUND } from "@/lib/domain/rooms";
import { evidencePackStream, planRoomEvidencePack, roomEvidencePackFileName } from "@/lib/domain/evidence/pack";

// GET /api/rooms/{id}/evidence.zip — the room's evidence pack (owner only): its ideas' versions, proofs and logs, and the room's agreements
export const GET = ownerRoute({
  params: { id: recordIdParam(ROOM_NOT_FOUND) },
  // Refusals (another creator's room, an unknown one) cost nothing and do not count against the limit.
  load: async ({ user, params }) => planRoomEvidencePack(user.id, await ownedRoomOr404(user.id, params.id)),
  rateLimitChecked: ({ user }) => rateLimits.evidencePack(user.id),
  handler: ({ params, loaded: plan }) =>
    new Response(evidencePackStream(plan), { headers: downloadHeaders(roomEvidencePackFileName(params.id, plan.createdAt), "application/zip") }),
});
