import { privateRoute } from "@/lib/api/handler";
import { clientIp } from "@/lib/http/client-ip";
import { readRecipientSecrets } from "@/lib/recipients/cookies";
import { parseRouteId } from "@/lib/api/route-id";
import { INVALID_LINK } from "@/lib/shares/link-state";
import { pageImageResponse, parsePageNumber, parsePageWidth, recipientPage } from "@/lib/shares/pages";

// GET /api/share/{token}/pages/{n}?width=W — page n as WebP with the recipient's identity burned in (W: 320–2000, default 1200)
export const GET = privateRoute<{ token: string; n: string }>(async (req, { params }) => {
  const { token: rawToken, n: rawN } = await params;
  const token = parseRouteId(rawToken, INVALID_LINK);
  const n = parsePageNumber(rawN);
  const width = parsePageWidth(new URL(req.url).searchParams.get("width"));
  return pageImageResponse(await recipientPage(token, await readRecipientSecrets(), n, width, clientIp(req.headers)));
});
