import "server-only";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { SHARE_NOT_FOUND } from "@/lib/domain/shares/owned";
import { NotFoundError } from "@/lib/platform/http/errors";
import * as z from "zod";
import { parseRouteId } from "@/lib/domain/validation/route-id";
import { numberParam, type PathParam } from "@/lib/domain/validation/path-params";
import { ID_PATTERN } from "@/lib/domain/validation/ids";
import type { AssetMeta } from "@/lib/domain/files";
import { markedReaderPage, readerPage, readerPageList } from "@/lib/domain/reader";
import { cachedViewCodeSigns } from "@/lib/domain/reader/view-code";
import { requireReader } from "@/lib/domain/gate";
import type { RecipientSecrets } from "@/lib/domain/gate/secrets";
import { previewPdfSource, previewWatermark, type PreviewTarget } from "@/lib/domain/shares/owner-preview";

/**
 * The secure reader's pages: a PDF idea's pages as images, for the recipient the gate lets read
 * (marked with its identity) and for the owner's preview (unmarked). Anything else, and non-PDF ideas: 404.
 * Every call counts against the reader's and the address's page budget (rateLimits.pageImages): each may draw a page.
 * The routes declare it; the recipient's is keyed on the reader recipientReader finds (the gate's one query), which
 * the route then hands to recipientPageList or recipientPage, so the recipient is looked up once per page.
 */

const NO_PAGES = "This document has no pages to show.";
export const PAGE_NOT_FOUND = "Page not found";

/** A page number from the URL: a positive integer, else 404 (like a page past the end). */
export function parsePageNumber(raw: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) throw new NotFoundError(PAGE_NOT_FOUND);
  return Number(raw);
}

/** ?width=: digits only, anything else is the default (lib/domain/reader clamps and buckets it). */
export function parsePageWidth(raw: string | null): number | null {
  return raw && /^[0-9]{1,5}$/.test(raw) ? Number(raw) : null;
}

async function pdfAsset(idea: { ownerId: string; kind: string; pdfAssetId: string | null }): Promise<AssetMeta> {
  const asset =
    idea.kind === "pdf" && idea.pdfAssetId
      ? await db.asset.findFirst({ where: { id: idea.pdfAssetId, ownerId: idea.ownerId }, select: { id: true, blobKey: true, fileName: true, contentType: true, size: true } })
      : null;
  if (!asset) throw new NotFoundError(NO_PAGES);
  return asset;
}

/** The recipient the gate lets read the link, with its link: what the page routes key their limit on. */
export function recipientReader(token: string, secrets: RecipientSecrets) {
  return requireReader(token, secrets);
}

export type RecipientReader = Awaited<ReturnType<typeof recipientReader>>;

export async function recipientPageList(reader: RecipientReader) {
  return readerPageList(await pdfAsset(reader.share.idea));
}

/** The recipient's page: the same identity line its PDF carries (name · e-mail · start of its view, UTC). */
export async function recipientPage({ share, recipient }: RecipientReader, n: number, width: number | null) {
  const asset = await pdfAsset(share.idea);
  return markedReaderPage(asset, n, width, { name: recipient.name, email: recipient.email, accessedAt: recipient.viewStartedAt ?? new Date() }, await currentViewCode(recipient.viewId));
}

/** The invisible code of the recipient's current view (null before the code existed, or its key is gone). */
async function currentViewCode(viewId: string | null) {
  if (!viewId) return undefined;
  const view = await db.viewEvent.findUnique({ where: { id: viewId }, select: { id: true, pageCodeKeyId: true } });
  return (view && cachedViewCodeSigns(view)) ?? undefined;
}

async function ownedPdf(ownerId: string, ideaId: number) {
  return pdfAsset(await ownedIdeaOr404(ownerId, ideaId, { select: { ownerId: true, kind: true, pdfAssetId: true } }));
}

export async function ownerPageList(ownerId: string, ideaId: number) {
  return readerPageList(await ownedPdf(ownerId, ideaId));
}

/** The owner's preview: exactly the pages recipients get, unmarked. */
export async function ownerPage(ownerId: string, ideaId: number, n: number, width: number | null) {
  return readerPage(await ownedPdf(ownerId, ideaId), n, width);
}

/**
 * 'Preview as recipient': the pages of the version the link shows (`shareId` null: the latest), marked
 * like a recipient's but with the owner's own name and e-mail labelled '(Preview)'. Owner-only; records nothing.
 */
export async function previewPageList(ownerId: string, ideaId: number, target: PreviewTarget) {
  return readerPageList(await pdfAsset(await previewPdfSource(ownerId, ideaId, target)));
}

export async function previewPage(owner: { id: string; name: string; email: string }, ideaId: number, target: PreviewTarget, n: number, width: number | null) {
  const asset = await pdfAsset(await previewPdfSource(owner.id, ideaId, target));
  return markedReaderPage(asset, n, width, previewWatermark(owner, new Date()));
}

/** The preview's link segment in /api/ideas/{id}/preview/{link}: a share id, or "new" for a new link's defaults. */
export function previewLinkId(raw: string): string | null {
  return raw === "new" ? null : parseRouteId(raw, SHARE_NOT_FOUND);
}

export const previewLinkParam: PathParam<string | null> = {
  schema: z.union([z.literal("new"), z.string().regex(ID_PATTERN)]),
  parse: (raw) => previewLinkId(String(raw)),
};

export const pageNumberParam = numberParam(parsePageNumber);

/** A page image answer; the route wrapper adds Cache-Control: private, no-store. */
export function pageImageResponse(image: Buffer) {
  return new Response(new Uint8Array(image), { headers: { "Content-Type": "image/webp", "Content-Length": String(image.length) } });
}
