import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { declineNda } from "@/lib/domain/recipients/decline";
import { clearRecipientCookie } from "@/lib/domain/recipients/cookies";

// POST /api/recipients/{id}/decline — decline the agreement: the recipient is marked declined and its cookie cleared
export const POST = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  handler: async ({ params, secrets }) => {
    const { declined, shareId } = await declineNda(params.id, secrets);
    await clearRecipientCookie(shareId);
    return Response.json({ declined });
  },
});
