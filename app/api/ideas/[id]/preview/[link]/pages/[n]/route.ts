import * as z from "zod";
import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { pageImageResponse, pageNumberParam, parsePageWidth, previewLinkParam, previewPage } from "@/lib/domain/shares/pages";
import { ownerPageLimits } from "@/lib/platform/rate-limit/policies";

const query = z.object({ width: z.string().optional().transform((raw) => parsePageWidth(raw ?? null)) });

// GET /api/ideas/{id}/preview/{shareId|new}/pages/{n}?width=W — page n as a recipient sees it, marked with the owner's name '(Preview)'
export const GET = ownerRoute({
  params: { id: ideaIdParam, link: previewLinkParam, n: pageNumberParam },
  query,
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params, query }) => pageImageResponse(await previewPage(user, params.id, { shareId: params.link }, params.n, query.width)),
});
