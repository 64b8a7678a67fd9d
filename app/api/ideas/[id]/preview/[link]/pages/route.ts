import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { previewLinkParam, previewPageList } from "@/lib/domain/shares/pages";
import { ownerPageLimits } from "@/lib/platform/rate-limit/policies";

// GET /api/ideas/{id}/preview/{shareId|new}/pages — 'Preview as recipient' of a PDF idea: {pageCount, pages: [{n, width, height}]}
export const GET = ownerRoute({
  params: { id: ideaIdParam, link: previewLinkParam },
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params }) => Response.json(await previewPageList(user.id, params.id, { shareId: params.link })),
});
