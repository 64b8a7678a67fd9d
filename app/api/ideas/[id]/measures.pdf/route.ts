import { ownerRoute } from "@/lib/features/api/routes";
import { downloadResponse } from "@/lib/platform/http/download";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { measuresFileName, protectiveMeasures } from "@/lib/domain/evidence/measures";
import { buildMeasuresPdf } from "@/lib/domain/evidence/measures-pdf";

// GET /api/ideas/{id}/measures.pdf — the protective measures in force over the idea's life (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const pdf = await buildMeasuresPdf(await protectiveMeasures(user.id, params.id));
    return downloadResponse(Buffer.from(pdf), measuresFileName(params.id), "application/pdf");
  },
});
