import { ownerRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { getNdaTimestamp } from "@/lib/timestamps";

// GET /api/ndas/{id}/timestamp — the timestamp of an NDA acceptance record of one of the owner's ideas
export const GET = ownerRoute({
  params: { id: recordIdParam("Agreement not found") },
  handler: async ({ user, params }) => Response.json(await getNdaTimestamp(user.id, params.id)),
});
