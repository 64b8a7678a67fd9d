import { ownerRoute } from "@/lib/features/api/routes";
import { listSharedWithMe } from "@/lib/domain/shares/shared-with-me";

// GET /api/shared-with-me — live e-mail shares addressed to the signed-in account, newest first
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await listSharedWithMe(user.id)),
});
