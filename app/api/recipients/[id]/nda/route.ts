import { privateRoute, parseJson } from "@/lib/api/handler";
import { acceptNda } from "@/lib/recipients/accept-nda";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { ndaSchema } from "@/lib/validation/sharing";
import { parseRouteId } from "@/lib/api/route-id";

// PUT /api/recipients/{id}/nda — accept the agreement; stores the evidence record
export const PUT = privateRoute<{ id: string }>(async (req, { params }) => {
  const id = parseRouteId((await params).id, "Recipient not found");
  const { agreementSha256 } = await parseJson(req, ndaSchema);
  return Response.json(await acceptNda(id, await readRecipientSecrets(), requestClient(req), { agreementSha256 }));
});
