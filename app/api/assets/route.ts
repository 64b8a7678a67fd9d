import { ownerRoute } from "@/lib/features/api/routes";
import { listAssets } from "@/lib/domain/files";

// GET /api/assets — the creator's uploaded images and PDFs
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await listAssets(user.id)),
});
