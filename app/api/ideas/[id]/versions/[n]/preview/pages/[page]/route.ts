import * as z from "zod";
import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { versionNumberParam } from "@/lib/domain/ideas/versions";
import { pageImageResponse, pageNumberParam, parsePageWidth, previewPage } from "@/lib/domain/shares/pages";
import { ownerPageLimits } from "@/lib/platform/rate-limit/policies";

const query = z.object({ width: z.string().optional().transform((raw) => parsePageWidth(raw ?? null)) });

// GET /api/ideas/{id}/versions/{n}/preview/pages/{page}?width=W — that page of version n as a recipient will see it,
// marked with the owner's name '(Preview)'
export const GET = ownerRoute({
  params: { id: ideaIdParam, n: versionNumberParam, page: pageNumberParam },
  query,
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params, query }) =>
    pageImageResponse(await previewPage(user, params.id, { shareId: null, version: params.n }, params.page, query.width)),
});
