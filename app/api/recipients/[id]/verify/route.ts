import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { verifyRecipientEmail } from "@/lib/domain/recipients/email-code";
import { verifyCodeSchema } from "@/lib/domain/validation/sharing";

// POST /api/recipients/{id}/verify — confirm the e-mailed 6-digit code (e-mail shares)
export const POST = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  body: verifyCodeSchema,
  handler: async ({ params, body, secrets, client }) => Response.json(await verifyRecipientEmail(params.id, body.code, secrets, client)),
});
