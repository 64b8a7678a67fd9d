import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { CODE_MAILS_CAPPED, codeRecipient, issueRecipientCode } from "@/lib/domain/recipients/email-code";
import { saying } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/recipients/{id}/code — e-mail a new code (the previous one dies)
export const POST = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  load: ({ params, secrets }) => codeRecipient(params.id, secrets),
  // Keyed on the recipient row just found (its id, its address); only requests that passed its checks count.
  rateLimitChecked: ({ loaded, client }) => [...rateLimits.codeSend(loaded.id, client.ip), ...saying(CODE_MAILS_CAPPED, rateLimits.codeMail(loaded.email))],
  handler: async ({ loaded }) => Response.json(await issueRecipientCode(loaded)),
});
