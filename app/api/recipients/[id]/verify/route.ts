import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { findSessionRecipient } from "@/lib/domain/recipients/session";
import { CODE_GUESSES_CAPPED, confirmRecipientCode, guessesCount } from "@/lib/domain/recipients/email-code";
import { verifyCodeSchema } from "@/lib/domain/validation/sharing";
import { saying } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";

// POST /api/recipients/{id}/verify — confirm the e-mailed 6-digit code (e-mail shares)
export const POST = recipientRoute({
  params: { id: recordIdParam("Recipient not found") },
  body: verifyCodeSchema,
  load: ({ params, secrets }) => findSessionRecipient(params.id, secrets),
  // Guesses per recipient, address, link and invited address, keyed on the recipient row just found; a recipient
  // with nothing left to confirm guesses nothing.
  rateLimitChecked: ({ loaded, client }) =>
    guessesCount(loaded) ? saying(CODE_GUESSES_CAPPED, rateLimits.codeVerify(loaded.id, client.ip, loaded.shareId, loaded.email)) : [],
  handler: async ({ loaded, body }) => Response.json(await confirmRecipientCode(loaded, body.code)),
});
