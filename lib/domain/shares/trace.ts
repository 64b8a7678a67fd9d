import "server-only";
import { db } from "@/lib/platform/db";
import { ValidationError } from "@/lib/platform/http/errors";
import { sniffImageType } from "@/lib/domain/files/sniff";
import type { AssetMeta } from "@/lib/domain/files";
import { DEFAULT_PAGE_WIDTH, readerPage, readerPageList } from "@/lib/domain/reader";
import { traceInPool } from "@/lib/domain/reader/pool";
import { codeScore } from "@/lib/domain/reader/trace-detect";
import { matchViews } from "@/lib/domain/reader/trace-score";
import { viewCodeSigns } from "@/lib/domain/reader/view-code";

/**
 * 'Trace a leaked page': which reader's view a page image comes from. Every page image a recipient receives carries
 * an invisible code for their view (lib/domain/reader/page-code.ts); the unmarked pages are kept, so the leak is
 * aligned against them and the code read back (lib/domain/reader/trace-detect.ts, in the render pool), then each
 * view that was shown the aligned page is scored (lib/domain/reader/trace-score.ts: no unrelated view reaches the
 * threshold but with a chance under 10⁻⁴ per trace, whatever the image).
 */

export const TRACE_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const TRACE_IMAGE_TOO_LARGE = "The image must be less than 15MB";
export const TRACE_IMAGE_TYPE = "Upload a PNG, JPEG or WebP image of the page";
const TRACEABLE = new Set(["image/png", "image/jpeg", "image/webp"]);
/** Pages searched at most per trace, the newest versions' first: the search's cost grows with them. */
const MAX_TRACE_PAGES = 60;

export type TraceMatch = { recipientId: string; name: string; email: string; viewId: string; viewedAt: Date; confidence: number; score: number };

const ASSET_SELECT = { id: true, blobKey: true, fileName: true, contentType: true, size: true } as const;

/** The PDF each version (null: the idea row, a never-versioned idea) showed. */
async function shownAssets(idea: { id: number; pdfAssetId: string | null }, versions: (number | null)[]): Promise<Map<number | null, AssetMeta>> {
  const numbered = versions.filter((v): v is number => v !== null);
  const rows = numbered.length ? await db.ideaVersion.findMany({ where: { ideaId: idea.id, version: { in: numbered } }, select: { version: true, pdfAsset: { select: ASSET_SELECT } } }) : [];
  const assets = new Map<number | null, AssetMeta>();
  for (const row of rows) if (row.pdfAsset) assets.set(row.version, row.pdfAsset);
  if (versions.includes(null) && idea.pdfAssetId) {
    const asset = await db.asset.findUnique({ where: { id: idea.pdfAssetId }, select: ASSET_SELECT });
    if (asset) assets.set(null, asset);
  }
  return assets;
}

/** The readers whose view the image comes from, best first; [] for an image from no view. */
export async function traceLeakedPage(idea: { id: number; pdfAssetId: string | null }, image: Buffer): Promise<{ matches: TraceMatch[] }> {
  if (!TRACEABLE.has(sniffImageType(image) ?? "")) throw new ValidationError(TRACE_IMAGE_TYPE);
  const views = await db.viewEvent.findMany({
    where: { ideaId: idea.id, pageCodeKeyId: { not: null }, recipientId: { not: null } },
    select: { id: true, pageCodeKeyId: true, version: true, viewedAt: true, recipient: { select: { id: true, name: true, email: true } } },
    orderBy: { viewedAt: "desc" },
  });
  if (views.length === 0) return { matches: [] };
  const assets = await shownAssets(idea, [...new Set(views.map((v) => v.version))]);
  // The pages to search, newest version first, and which version each belongs to.
  const pages: { version: number | null; bytes: Buffer }[] = [];
  for (const [version, asset] of [...assets].sort(([a], [b]) => (b ?? 0) - (a ?? 0))) {
    const { pageCount } = await readerPageList(asset);
    for (let n = 1; n <= pageCount && pages.length < MAX_TRACE_PAGES; n++) pages.push({ version, bytes: await readerPage(asset, n, DEFAULT_PAGE_WIDTH) });
  }
  if (pages.length === 0) return { matches: [] };
  const hypotheses = await traceInPool(image, pages.map((p) => p.bytes));
  const coded = views.flatMap((v) => {
    const signs = viewCodeSigns(v);
    return signs ? [{ ...v, signs }] : [];
  });
  const tests = hypotheses.map((h) => ({ projection: h.projection, views: coded.filter((v) => v.version === pages[h.ref]?.version) }));
  const byId = new Map(coded.map((v) => [v.id, v]));
  const matches = matchViews(tests, codeScore).map((m) => {
    const view = byId.get(m.viewId)!;
    const recipient = view.recipient!;
    return { recipientId: recipient.id, name: recipient.name, email: recipient.email, viewId: view.id, viewedAt: view.viewedAt, confidence: m.confidence, score: m.score };
  });
  return { matches };
}
