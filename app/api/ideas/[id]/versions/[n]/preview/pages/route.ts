import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { versionNumberParam } from "@/lib/domain/ideas/versions";
import { previewPageList } from "@/lib/domain/shares/pages";
import { ownerPageLimits } from "@/lib/platform/rate-limit/policies";

// GET /api/ideas/{id}/versions/{n}/preview/pages — 'Preview as recipient' of a PDF idea's version n (a new version's
// draft before it is published): {pageCount, pages: [{n, width, height}]}
export const GET = ownerRoute({
  params: { id: ideaIdParam, n: versionNumberParam },
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params }) => Response.json(await previewPageList(user.id, params.id, { shareId: null, version: params.n })),
});
