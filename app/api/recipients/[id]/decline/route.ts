import { recipientRoute } from "@/lib/api/routes";
import { recordIdParam } from "@/lib/api/path-params";
import { declineNda } from "@/lib/recipients/decline";
import { clearRecipientCookie } from "@/lib/recipients/cookies";

// POST /api/recipients/{id}/decline — decline the agreement: the recipient is marked declined and its cookie cleared
export const POST = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  handler: async ({ params, secrets }) => {
    const { declined, shareId } = await declineNda(params.id, secrets);
    await clearRecipientCookie(shareId);
    return Response.json({ declined });
  },
});
