import * as z from "zod";
import { jsonBodyCheckedLater, recipientRoute } from "@/lib/api/routes";
import { createRecipient } from "@/lib/recipients/identify";
import { setRecipientCookie } from "@/lib/recipients/cookies";
import { rateLimits } from "@/lib/rate-limit/policies";
import { createRecipientSchema } from "@/lib/validation/sharing";

const jsonObject = (data: unknown) => (data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {});

// POST /api/recipients — identify for a share link (token in the body or ?accessToken=); sets the recipient cookie
export const POST = recipientRoute({
  query: z.object({ accessToken: z.string().optional() }),
  // The token may come from the query instead: the body is checked once the two are merged.
  body: jsonBodyCheckedLater(createRecipientSchema, jsonObject),
  rateLimitChecked: ({ client }) => rateLimits.recipientCreateFromIp(client.ip),
  handler: async ({ body, query, client, passcodes }) => {
    const input = createRecipientSchema.parse({ ...body, accessToken: body.accessToken ?? query.accessToken ?? "" });
    const { recipient, secret, shareId } = await createRecipient(input, client, passcodes);
    await setRecipientCookie(shareId, secret);
    return Response.json(recipient, { status: 201 });
  },
});
