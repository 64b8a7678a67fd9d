import * as z from "zod";
import { parseJson } from "@/lib/features/api/handler";
import { recipientRoute, type BodySpec } from "@/lib/features/api/routes";
import { createRecipient } from "@/lib/domain/recipients/identify";
import { setRecipientCookie } from "@/lib/domain/recipients/cookies";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { createRecipientSchema, type CreateRecipientInput } from "@/lib/domain/validation/sharing";

const jsonObject = (data: unknown) => (data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {});

/** The link's token may come in the body or as ?accessToken=: the two are merged, then checked as one. */
const identifyBody: BodySpec<CreateRecipientInput> = {
  contentType: "application/json",
  schema: createRecipientSchema,
  required: true,
  read: async (req) => {
    const body = await parseJson(req, { parse: jsonObject });
    return createRecipientSchema.parse({ ...body, accessToken: body.accessToken ?? new URL(req.url).searchParams.get("accessToken") ?? "" });
  },
};

// POST /api/recipients — identify for a share link (token in the body or ?accessToken=); sets the recipient cookie
export const POST = recipientRoute({
  query: z.object({ accessToken: z.string().optional() }),
  body: identifyBody,
  rateLimitChecked: ({ client }) => rateLimits.recipientCreateFromIp(client.ip),
  handler: async ({ body, client, passcodes }) => {
    const { recipient, secret, shareId } = await createRecipient(body, client, passcodes);
    await setRecipientCookie(shareId, secret);
    return Response.json(recipient, { status: 201 });
  },
});
