import { privateRoute, parseJson } from "@/lib/api/handler";
import { verifyRecipientEmail } from "@/lib/recipients/email-code";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { verifyCodeSchema } from "@/lib/validation/sharing";
import { parseRouteId } from "@/lib/api/route-id";

// POST /api/recipients/{id}/verify — confirm the e-mailed 6-digit code (e-mail shares)
export const POST = privateRoute<{ id: string }>(async (req, { params }) => {
  const id = parseRouteId((await params).id, "Recipient not found");
  const { code } = await parseJson(req, verifyCodeSchema);
  return Response.json(await verifyRecipientEmail(id, code, await readRecipientSecrets(), requestClient(req)));
});
