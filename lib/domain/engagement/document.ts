import "server-only";
import { db } from "@/lib/platform/db";
import { openContent } from "@/lib/domain/ideas/content";
import { htmlSectionCount } from "@/lib/domain/ideas/sections";
import { readerPageList } from "@/lib/domain/reader";
import type { IdeaKind } from "@/lib/generated/prisma/client";

/**
 * N for reading time: the pages of a PDF idea (lib/domain/reader, its page list kept per file), the sections of an HTML
 * idea (lib/domain/ideas/sections.ts, the rule the reader shows them by), one section for a canvas or anything else.
 * Asked once per view (lib/domain/engagement stores it on the view), so a PDF is never parsed per report.
 */
export async function documentPageCount(idea: { id: number; ownerId: string; kind: IdeaKind; pdfAssetId: string | null; version?: number | null }): Promise<number> {
  if (idea.kind === "pdf" && idea.pdfAssetId) {
    const asset = await db.asset.findUnique({
      where: { id: idea.pdfAssetId },
      select: { id: true, blobKey: true, fileName: true, contentType: true, size: true },
    });
    return asset ? (await readerPageList(asset)).pageCount : 1;
  }
  if (idea.kind !== "html") return 1;
  // The version shown (a pinned link's older one), else the idea's row (the latest publication, or a draft).
  const shown = idea.version ? await db.ideaVersion.findFirst({ where: { ideaId: idea.id, version: idea.version }, select: { contentCiphertext: true } }) : null;
  const { contentCiphertext } = shown ?? (await db.idea.findUniqueOrThrow({ where: { id: idea.id }, select: { contentCiphertext: true } }));
  const content = openContent(idea.ownerId, contentCiphertext);
  return content.kind === "html" ? htmlSectionCount(content.html) : 1;
}
