import * as z from "zod";
import { ownerRoute } from "@/lib/features/api/routes";
import { readerOverview } from "@/lib/features/activity/readers";

// GET /api/activity?ideaId=&shareId= — every reader of the owner's ideas, rooms and links: hot readers first, then newest activity
export const GET = ownerRoute({
  query: z.object({ ideaId: z.string().max(20).optional(), shareId: z.string().max(100).optional() }),
  handler: async ({ user, query }) => Response.json(await readerOverview(user.id, query)),
});
