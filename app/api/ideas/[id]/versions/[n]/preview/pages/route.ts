import { ownerRoute } from "@/lib/api/routes";
import { ideaIdParam } from "@/lib/ideas/id";
import { versionNumberParam } from "@/lib/ideas/versions";
import { ownerPageLimits, previewPageList } from "@/lib/shares/pages";

// GET /api/ideas/{id}/versions/{n}/preview/pages — 'Preview as recipient' of a PDF idea's version n (a new version's
// draft before it is published): {pageCount, pages: [{n, width, height}]}
export const GET = ownerRoute({
  params: { id: ideaIdParam, n: versionNumberParam },
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params }) => Response.json(await previewPageList(user.id, params.id, { shareId: null, version: params.n })),
});
