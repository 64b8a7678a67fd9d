import { privateRoute } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/link-state";
import { recipientPageList } from "@/lib/shares/pages";

// GET /api/share/{token}/pages — {pageCount, pages: [{n, width, height}]} of the shared PDF, for the recipient the gate lets read
export const GET = privateRoute<{ token: string }>(async (req, { params }) => {
  const token = parseRouteId((await params).token, INVALID_LINK);
  return Response.json(await recipientPageList(token, await readRecipientSecrets(), clientIp(req.headers)));
});
