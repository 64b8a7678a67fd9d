import { privateRoute, parseJson } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { createShareLink } from "@/lib/shares";
import { appOrigin } from "@/lib/http/origin";
import { createShareSchema } from "@/lib/validation/share-link";

// POST /api/shares — create a share link for one of the creator's ideas (e-mail shares send the invitation)
export const POST = privateRoute(async (req) => {
  const user = await requireUser();
  const input = await parseJson(req, createShareSchema);
  return Response.json(await createShareLink(user.id, input, appOrigin(req)), { status: 201 });
});
