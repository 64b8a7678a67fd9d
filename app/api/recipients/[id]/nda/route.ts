import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { ndaSchema } from "@/lib/domain/validation/sharing";

// PUT /api/recipients/{id}/nda — accept the agreement; stores the evidence record
export const PUT = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  body: ndaSchema,
  handler: async ({ params, body, secrets, client }) => Response.json(await acceptNda(params.id, secrets, client, { agreementSha256: body.agreementSha256, signature: body.signature })),
});
