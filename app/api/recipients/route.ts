import { privateRoute, parseJson } from "@/lib/api/handler";
import { createRecipient } from "@/lib/recipients/identify";
import { readPasscodeProofs, requestClient, setRecipientCookie } from "@/lib/recipients/cookies";
import { createRecipientSchema } from "@/lib/validation/sharing";

const jsonObject = { parse: (data: unknown) => (data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {}) };

// POST /api/recipients — identify for a share link (token in the body or ?accessToken=); sets the recipient cookie
export const POST = privateRoute(async (req) => {
  const body = await parseJson(req, jsonObject);
  const input = createRecipientSchema.parse({ ...body, accessToken: body.accessToken ?? new URL(req.url).searchParams.get("accessToken") ?? "" });
  const { recipient, secret, shareId } = await createRecipient(input, requestClient(req), await readPasscodeProofs());
  await setRecipientCookie(shareId, secret);
  return Response.json(recipient, { status: 201 });
});
