import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { ownerPageList } from "@/lib/domain/shares/pages";
import { ownerPageLimits } from "@/lib/platform/rate-limit/policies";

// GET /api/ideas/{id}/pages — the owner's preview of a PDF idea's pages: {pageCount, pages: [{n, width, height}]}
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params }) => Response.json(await ownerPageList(user.id, params.id)),
});
