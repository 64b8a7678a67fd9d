import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { pageImageResponse, pageNumberParam, parsePageWidth, recipientPage } from "@/lib/domain/shares/pages";

// GET /api/share/{token}/pages/{n}?width=W — page n as WebP with the recipient's identity burned in (W: 320–2000, default 1200)
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK), n: pageNumberParam },
  query: z.object({ width: z.string().optional().transform((raw) => parsePageWidth(raw ?? null)) }),
  // Its limit (rateLimits.pageImages, per recipient) is counted in lib/domain/shares/pages.ts, where the gate found the recipient.
  handler: async ({ params, query, secrets, client }) => pageImageResponse(await recipientPage(params.token, secrets, params.n, query.width, client.ip)),
});
