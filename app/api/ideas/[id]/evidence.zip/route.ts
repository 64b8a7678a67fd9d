import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { enforceRateLimits } from "@/lib/rate-limit";
import { rateLimits } from "@/lib/rate-limit/policies";
import { downloadHeaders } from "@/lib/http/download";
import { parseIdeaId } from "@/lib/ideas/id";
import { evidencePackFileName, evidencePackStream, planEvidencePack } from "@/lib/evidence/pack";

// GET /api/ideas/{id}/evidence.zip — the idea's evidence pack (owner only), streamed as it is built; 409 for a draft
export const GET = route<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  const ideaId = parseIdeaId((await params).id);
  // Refusals (another creator's idea, a draft) cost nothing and do not count against the limit.
  const plan = await planEvidencePack(user.id, ideaId);
  await enforceRateLimits(rateLimits.evidencePack(user.id));
  return new Response(evidencePackStream(plan), { headers: downloadHeaders(evidencePackFileName(ideaId, plan.createdAt), "application/zip") });
});
