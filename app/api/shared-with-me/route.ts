import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listSharedWithMe } from "@/lib/shares/shared-with-me";

// GET /api/shared-with-me — live e-mail shares addressed to the signed-in account, newest first
export const GET = privateRoute(async () => {
  const user = await requireUser();
  return Response.json(await listSharedWithMe(user.id));
});
