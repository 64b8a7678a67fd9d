import "server-only";
import { db } from "@/lib/platform/db";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { SHARE_NOT_FOUND } from "@/lib/domain/shares/owned";
import { NotFoundError } from "@/lib/platform/http/errors";
import { openContent, toClientContent } from "@/lib/domain/ideas/content";
import { watermarkText, type Watermark } from "@/lib/domain/files/watermark-text";
import { shownVersion, versionRowShown, type ShownVersion } from "@/lib/domain/gate/shown-version";
import { VERSION_NOT_FOUND } from "@/lib/domain/ideas/versions";
import { shareTypeToApi } from "@/lib/domain/gate/share-type";
import type { SharedIdeaResult } from "@/lib/domain/shares/views";

/**
 * 'Preview as recipient': what a recipient of one of the owner's links (or of a new link with the
 * default settings) reads, for the owner alone. It only READS: no recipient, view, agreement, notification or webhook
 * is created, and no share token is used (PDF pages come from the owner's own /api/ideas/{id}/preview/pages).
 */

/** The sample identity burned into the preview, where a recipient's name and e-mail go. */
export const PREVIEW_MARK = "(Preview)";

export function previewWatermark(owner: { name: string; email: string }, at: Date): Watermark {
  // To the minute, as the line shows it: the mark's colour and placement follow the line, so a preview's pages agree.
  return { name: `${owner.name} ${PREVIEW_MARK}`, email: owner.email, accessedAt: new Date(Math.floor(at.getTime() / 60_000) * 60_000) };
}

/** The link settings the preview applies (a link's own, or a new link's defaults: prisma/schema.prisma Share). */
export type PreviewLink = {
  id: string | null;
  name: string | null;
  shareType: SharedIdeaResult["shareType"];
  allowDownload: boolean;
  screenShield: boolean;
  requireNda: boolean;
};

export type OwnerPreview = Pick<SharedIdeaResult, "shareType" | "allowDownload" | "screenShield" | "requireNda"> & {
  idea: Required<Pick<SharedIdeaResult["idea"], "id" | "title" | "user" | "content">> & {
    version: { number: number | null; of: number | null; publishedAt: Date | null };
  };
  link: PreviewLink;
  accessedAt: Date;
  watermark: string;
};

const NEW_LINK_DEFAULTS = { id: null, name: null, shareType: "full-access", allowDownload: false, screenShield: false, requireNda: true } as const;

/**
 * What a preview shows: what a link shows (`shareId`; null: a new link with the default settings), or one version of
 * the idea (`version`; the new version's draft before it is published, as a new link will show it then).
 */
export type PreviewTarget = { shareId: string | null; version?: number | null };

/** The version a draft will be once published, or an older publication, as a link would show it. */
async function versionShown(ideaId: number, version: number, versionCount: number | null): Promise<ShownVersion> {
  const v = await db.ideaVersion.findFirst({ where: { ideaId, version } });
  if (!v) throw new NotFoundError(VERSION_NOT_FOUND);
  // A draft becomes the latest version when published.
  return versionRowShown(v, v.status === "published" ? versionCount : v.version);
}

/** The owner's idea, the link (when one is named) and the version shown; anyone else's: NotFoundError. */
async function previewSource(ownerId: string, ideaId: number, { shareId, version = null }: PreviewTarget) {
  const idea = await ownedIdeaOr404(ownerId, ideaId, { select: { id: true, ownerId: true, version: true, owner: { select: { brandName: true } } } });
  const share = shareId
    ? await db.share.findFirst({
        where: { id: shareId, ideaId: idea.id },
        select: { id: true, name: true, shareType: true, allowDownload: true, screenShield: true, requireNda: true, pinnedVersion: true },
      })
    : null;
  if (shareId && !share) throw new NotFoundError(SHARE_NOT_FOUND);
  const shown = version !== null ? await versionShown(idea.id, version, idea.version) : await shownVersion({ ideaId: idea.id, pinnedVersion: share?.pinnedVersion ?? null });
  return { idea, share, shown };
}

/** The PDF a preview's page images come from (the version shown), for lib/domain/shares/pages.ts. */
export async function previewPdfSource(ownerId: string, ideaId: number, target: PreviewTarget) {
  const { idea, shown } = await previewSource(ownerId, ideaId, target);
  return { ownerId: idea.ownerId, kind: shown.kind, pdfAssetId: shown.pdfAssetId };
}

/**
 * The owner's idea as a recipient of `target.shareId` (one of this idea's links, revoked or not; null: a new link with
 * the default settings) would read it, or `target.version` of it. Another owner's idea or link, a link of another
 * idea, or an unknown version: NotFoundError.
 */
export async function loadOwnerPreview(owner: { id: string; name: string; email: string }, ideaId: number, target: PreviewTarget, now = new Date()): Promise<OwnerPreview> {
  const { idea, share, shown } = await previewSource(owner.id, ideaId, target);
  const link: PreviewLink = share
    ? { id: share.id, name: share.name, shareType: shareTypeToApi(share.shareType), allowDownload: share.allowDownload, screenShield: share.screenShield, requireNda: share.requireNda }
    : { ...NEW_LINK_DEFAULTS };
  const opened = toClientContent(openContent(idea.ownerId, shown.contentCiphertext));
  // As for a recipient (lib/domain/shares/views.ts): without downloads a PDF is read as page images only.
  const content = typeof opened === "object" && opened !== null && "type" in opened && opened.type === "pdf" && !link.allowDownload ? { ...opened, pdfPath: null } : opened;
  return {
    idea: {
      id: idea.id,
      title: shown.title,
      // Named as the link's recipients see the owner: the brand's display name, else the account name.
      user: { name: idea.owner.brandName ?? owner.name },
      content,
      version: { number: shown.version, of: shown.versionCount, publishedAt: shown.publishedAt },
    },
    shareType: link.shareType,
    allowDownload: link.allowDownload,
    screenShield: link.screenShield,
    requireNda: link.requireNda,
    link,
    accessedAt: now,
    watermark: watermarkText(previewWatermark(owner, now)),
  };
}
