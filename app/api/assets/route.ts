import { route } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listAssets } from "@/lib/files";

// GET /api/assets — the creator's uploaded images and PDFs
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await listAssets(user.id));
});
