import "server-only";
import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import type { ParsedParams, PathParams } from "@/lib/domain/validation/path-params";
import type { RecipientSecrets } from "@/lib/domain/gate/secrets";
import { pageImageResponse, pageNumberParam, parsePageWidth, recipientPage, recipientPageList, type RecipientReader } from "@/lib/domain/shares/pages";
import { recipientPageLimits } from "@/lib/platform/rate-limit/policies";

/**
 * The secure reader's two page routes for a recipient, made once for every document a link opens: an idea link's
 * (GET /api/share/{token}/pages[/{n}]) and a room link's item (GET /api/share/{token}/items/{ideaId}/pages[/{n}]).
 * Only the path and how the reader is found differ; the marking, the invisible view code and the page budget (the
 * reader's, keyed on the recipient the gate finds and counted only once it was found) are the same.
 */
type FindReader<P extends PathParams> = (params: ParsedParams<P>, secrets: RecipientSecrets) => Promise<RecipientReader>;

/** {pageCount, pages: [{n, width, height}]} of the document's PDF. */
export function readerPageListRoute<P extends PathParams>(params: P, findReader: FindReader<P>) {
  return recipientRoute({
    params,
    load: ({ params: parsed, secrets }) => findReader(parsed as ParsedParams<P>, secrets),
    rateLimitChecked: ({ loaded, client }) => recipientPageLimits(loaded.recipient.id, client.ip),
    handler: async ({ loaded }) => Response.json(await recipientPageList(loaded)),
  });
}

/** Page n as WebP with the recipient's identity burned in (?width=W: 320–2000, default 1200). */
export function readerPageRoute<P extends PathParams>(params: P, findReader: FindReader<P>) {
  return recipientRoute({
    params: { ...params, n: pageNumberParam },
    query: z.object({ width: z.string().optional().transform((raw) => parsePageWidth(raw ?? null)) }),
    load: ({ params: parsed, secrets }) => findReader(parsed as ParsedParams<P>, secrets),
    rateLimitChecked: ({ loaded, client }) => recipientPageLimits(loaded.recipient.id, client.ip),
    handler: async ({ params: parsed, query, loaded }) => pageImageResponse(await recipientPage(loaded, parsed.n, query.width)),
  });
}
