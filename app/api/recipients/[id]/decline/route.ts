import { privateRoute } from "@/lib/api/handler";
import { parseRouteId } from "@/lib/api/route-id";
import { declineNda } from "@/lib/recipients/decline";
import { clearRecipientCookie, readRecipientSecrets } from "@/lib/recipients/cookies";

// POST /api/recipients/{id}/decline — decline the agreement: the recipient is marked declined and its cookie cleared
export const POST = privateRoute<{ id: string }>(async (_req, { params }) => {
  const id = parseRouteId((await params).id, "Recipient not found");
  const { declined, shareId } = await declineNda(id, await readRecipientSecrets());
  await clearRecipientCookie(shareId);
  return Response.json({ declined });
});
