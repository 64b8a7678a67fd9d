import { privateRoute } from "@/lib/api/handler";
import { sendRecipientCode } from "@/lib/recipients/email-code";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { parseRouteId } from "@/lib/api/route-id";

// POST /api/recipients/{id}/code — e-mail a new code (the previous one dies)
export const POST = privateRoute<{ id: string }>(async (req, { params }) => {
  const id = parseRouteId((await params).id, "Recipient not found");
  return Response.json(await sendRecipientCode(id, await readRecipientSecrets(), requestClient(req)));
});
