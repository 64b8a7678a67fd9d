import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { acceptLinkNda } from "@/lib/domain/rooms/agreement";
import { ndaSchema } from "@/lib/domain/validation/sharing";

// PUT /api/recipients/{id}/nda — accept the agreement; stores the evidence record (a room link's: the room and each of its ideas with its SHA-256)
export const PUT = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  body: ndaSchema,
  handler: async ({ params, body, secrets, client }) => Response.json(await acceptLinkNda(params.id, secrets, client, { agreementSha256: body.agreementSha256, signature: body.signature })),
});
