import * as z from "zod";
import { ownerRoute } from "@/lib/features/api/routes";
import { listActivity } from "@/lib/domain/activity";
import { ideaIdParam } from "@/lib/domain/ideas/id";

/** A non-negative integer query parameter; anything else falls back to the default. */
const intParam = z
  .string()
  .optional()
  .transform((raw) => (raw && /^\d{1,7}$/.test(raw) ? Number(raw) : undefined));

// GET /api/ideas/{id}/activity?offset=&limit= — the idea's timeline, newest first, one page (owner only)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  query: z.object({ offset: intParam, limit: intParam }),
  handler: async ({ user, params, query }) => Response.json(await listActivity(user.id, params.id, query)),
});
