import * as z from "zod";
import { parseJson } from "@/lib/features/api/handler";
import { recipientRoute, type BodySpec } from "@/lib/features/api/routes";
import { admittedLink, admitVisitor, bindRecipient } from "@/lib/domain/recipients/identify";
import { CODE_MAILS_CAPPED } from "@/lib/domain/recipients/email-code";
import { saying } from "@/lib/platform/rate-limit";
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
  // Each limit is counted where what it is keyed on is known: every well-formed identify per address; per link once
  // the link is found and admits this browser (a wrong address still counts: it is a try on the link); per invited
  // address only when a code mail will go.
  load: async function* ({ body, client, passcodes }) {
    yield rateLimits.recipientCreateFromIp(client.ip);
    const share = await admittedLink(body.accessToken, passcodes);
    yield rateLimits.recipientCreateForShare(share.id);
    const visitor = await admitVisitor(share, body);
    if (visitor.mailsCode) yield saying(CODE_MAILS_CAPPED, rateLimits.codeMail(visitor.email));
    return visitor;
  },
  handler: async ({ body, client, loaded }) => {
    const { recipient, secret, shareId } = await bindRecipient(loaded, body, client);
    await setRecipientCookie(shareId, secret);
    return Response.json(recipient, { status: 201 });
  },
});
