import { privateRoute } from "@/lib/api/handler";
import { requireUser } from "@/lib/auth/session";
import { listShareRecipients } from "@/lib/recipients/evidence";

// GET /api/shares/{id}/recipients — who identified on the link, their agreement and their views (owner only)
export const GET = privateRoute<{ id: string }>(async (_req, { params }) => {
  const user = await requireUser();
  return Response.json(await listShareRecipients(user.id, (await params).id));
});
