import { ownerRoute } from "@/lib/features/api/routes";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { downloadHeaders } from "@/lib/platform/http/download";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { evidencePackFileName, evidencePackStream, planEvidencePack } from "@/lib/domain/evidence/pack";

// GET /api/ideas/{id}/evidence.zip — the idea's evidence pack (owner only), streamed as it is built; 409 for a draft
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  // Refusals (another creator's idea, a draft) cost nothing and do not count against the limit.
  load: ({ user, params }) => planEvidencePack(user.id, params.id),
  rateLimitChecked: ({ user }) => rateLimits.evidencePack(user.id),
  handler: ({ params, loaded: plan }) =>
    new Response(evidencePackStream(plan), { headers: downloadHeaders(evidencePackFileName(params.id, plan.createdAt), "application/zip") }),
});
