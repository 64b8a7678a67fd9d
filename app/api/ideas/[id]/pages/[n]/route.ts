import * as z from "zod";
import { ownerRoute } from "@/lib/features/api/routes";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { ownerPage, pageImageResponse, pageNumberParam, parsePageWidth } from "@/lib/domain/shares/pages";
import { ownerPageLimits } from "@/lib/platform/rate-limit/policies";

const query = z.object({ width: z.string().optional().transform((raw) => parsePageWidth(raw ?? null)) });

// GET /api/ideas/{id}/pages/{n}?width=W — the owner's preview of page n, unmarked (what recipients see, without their mark)
export const GET = ownerRoute({
  params: { id: ideaIdParam, n: pageNumberParam },
  query,
  rateLimitChecked: ownerPageLimits,
  handler: async ({ user, params, query }) => pageImageResponse(await ownerPage(user.id, params.id, params.n, query.width)),
});
