import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { pageImageResponse, pageNumberParam, parsePageWidth, recipientPage, recipientReader } from "@/lib/domain/shares/pages";
import { recipientPageLimits } from "@/lib/platform/rate-limit/policies";

// GET /api/share/{token}/pages/{n}?width=W — page n as WebP with the recipient's identity burned in (W: 320–2000, default 1200)
export const GET = recipientRoute({
  params: { token: recordIdParam(INVALID_LINK), n: pageNumberParam },
  query: z.object({ width: z.string().optional().transform((raw) => parsePageWidth(raw ?? null)) }),
  // The page budget is the reader's: keyed on the recipient the gate finds, counted only once it was found.
  load: ({ params, secrets }) => recipientReader(params.token, secrets),
  rateLimitChecked: ({ loaded, client }) => recipientPageLimits(loaded.recipient.id, client.ip),
  handler: async ({ params, query, loaded }) => pageImageResponse(await recipientPage(loaded, params.n, query.width)),
});
