import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { sendRecipientCode } from "@/lib/domain/recipients/email-code";

// POST /api/recipients/{id}/code — e-mail a new code (the previous one dies)
export const POST = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  handler: async ({ params, secrets, client }) => Response.json(await sendRecipientCode(params.id, secrets, client)),
});
